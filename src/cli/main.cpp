// The `bpl` program: -e EXPR, a FILE, a pipe on standard input, a line-by-line REPL on a TTY,
// --explain (the graph's counters after running) and --cases (the case runner, cases.h).
#include "base/interrupt.h"
#include "cli/cases.h"
#include "lang/display.h"
#include "lang/run.h"
#include "program/plan.h"
#include "session/session.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace bpl;

// ⎕← prints a line on standard output; ⎕ reads a line of standard input (none when standard
// input holds the program).
class StdIo : public lang::Io {
  public:
    explicit StdIo(bool stdin_is_source) : stdin_is_source_(stdin_is_source) {}
    void print(const std::string& text) override { std::cout << text << "\n" << std::flush; }
    std::optional<std::string> read_line() override {
        if (stdin_is_source_) return std::nullopt;
        std::string line;
        if (!std::getline(std::cin, line)) return std::nullopt;
        return line;
    }

  private:
    bool stdin_is_source_;
};

// Runs source text, printing each non-shy result; on an error prints the report to `err`.
bool run_and_print(lang::Context& ctx, const std::string& source, const std::string& name,
                   std::ostream& err) {
    try {
        lang::run(ctx, source, [](const lang::Value& v) {
            std::cout << lang::display(v) << "\n" << std::flush;
        });
        return true;
    } catch (const base::Error& e) {
        std::cout << std::flush;
        err << lang::error_report(e, source, name) << "\n" << std::flush;
        return false;
    }
}

void print_counters() {
    program::Counters c = program::counters();
    std::cout << "nodes built: " << c.nodes_built << "\n"
              << "graphs read: " << c.graphs_read << "\n"
              << "plans made:  " << c.plans_made << "\n"
              << "cache hits:  " << c.cache_hits << "\n"
              << "steps run:   " << c.steps_run << "\n";
}

int repl() {
    StdIo io(false);
    lang::Context ctx(io);
    std::string line;
    while (true) {
        std::cout << "      " << std::flush;
        if (!std::getline(std::cin, line)) break;
        run_and_print(ctx, line, "<repl>", std::cout);
    }
    std::cout << "\n";
    return 0;
}

int usage() {
    std::cerr << "usage: bpl [--explain] -e EXPR | bpl [--explain] FILE | bpl (REPL or a pipe)\n"
                 "       bpl --cases [--json] [--only ID] [--exclude FILE] [--expect FILE] [--base DIR]\n"
                 "                   [--write-passing FILE] FILE...\n";
    return 2;
}

} // namespace

int main(int argc, char** argv) {
    session::install();
    std::vector<std::string> args(argv + 1, argv + argc);
    if (!args.empty() && args[0] == "--cases")
        return cli::cases_main(std::vector<std::string>(args.begin() + 1, args.end()));
    bool explain = false;
    std::optional<std::string> expr, file;
    for (size_t i = 0; i < args.size(); i++) {
        if (args[i] == "--explain") {
            explain = true;
        } else if (args[i] == "-e") {
            if (i + 1 >= args.size()) return usage();
            expr = args[++i];
        } else if (args[i] == "-h" || args[i] == "--help") {
            usage();
            return 0;
        } else if (args[i].size() > 1 && args[i][0] == '-') {
            return usage();
        } else {
            if (file) return usage();
            file = args[i];
        }
    }
    std::string source, name;
    bool from_stdin = false;
    if (expr) {
        source = *expr;
        name = "<source>";
    } else if (file) {
        // A script that cannot be read (missing, a directory, no permission) is an IO ERROR.
        std::error_code ec;
        bool directory = std::filesystem::is_directory(*file, ec);
        std::ifstream in(*file, std::ios::binary);
        std::ostringstream ss;
        if (in && !directory) ss << in.rdbuf();
        if (!in || directory || in.bad()) {
            std::cerr << base::name(base::ErrorKind::Io) << ": cannot read " << *file
                      << (directory ? ": it is a directory" : "") << "\n";
            return 1;
        }
        source = ss.str();
        name = *file;
    } else if (isatty(0)) {
        return repl();
    } else {
        std::ostringstream ss;
        ss << std::cin.rdbuf();
        source = ss.str();
        name = "<stdin>";
        from_stdin = true;
    }
    // Ctrl-C in a script is INTERRUPT ERROR: reported like any error, exit status 1.
    base::install_interrupt_handler();
    StdIo io(from_stdin);
    std::string base = ".";
    lang::Context ctx(io, base);
    if (explain) program::reset_counters();
    bool ok = run_and_print(ctx, source, name, std::cerr);
    if (explain) print_counters();
    return ok ? 0 : 1;
}
