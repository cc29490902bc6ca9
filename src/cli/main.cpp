// The `bpl` program (operators-and-system.md §24): -e EXPR, a FILE with arguments, `-` (the
// whole program from standard input), piped lines run as a REPL without prompts, the REPL on a
// TTY (editor.h), --help, --version, --explain (the graph's counters after running), --kinds=static|dynamic (prim/mode.h) and --cases
// (the case runner, cases.h). Exit status: 0 success, 1 an evaluation or I/O error, 2 bad
// arguments; a closed output pipe ends the run with status 0.
#include "base/interrupt.h"
#include "cli/cases.h"
#include "cli/editor.h"
#include "cli/keys.h"
#include "cli/repl.h"
#include "cli/worker.h"
#include "jit/jit.h"
#include "lang/display.h"
#include "lang/run.h"
#include "prim/mode.h"
#include "program/plan.h"
#include "program/progress.h"
#include "session/session.h"

#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace bpl;

// Runs source text, printing each non-shy result (elided); on an error prints the report to
// standard error.
bool run_and_print(lang::Context& ctx, const std::string& source, const std::string& name) {
    try {
        cli::run_shown(ctx, source, std::cout, false);
        return true;
    } catch (const base::Error& e) {
        std::cout << std::flush;
        std::cerr << lang::error_report(e, source, name) << "\n" << std::flush;
        return false;
    }
}

void print_counters() {
    program::Counters c = program::counters();
    std::cout << program::take_report()
              << "nodes built:   " << c.nodes_built << "\n"
              << "graphs read:   " << c.graphs_read << "\n"
              << "plans made:    " << c.plans_made << "\n"
              << "cache hits:    " << c.cache_hits << "\n"
              << "refills:       " << c.refills << "\n"
              << "stages run:    " << c.stages_run << "\n"
              << "steps run:     " << c.steps_run << "\n"
              << "values stored: " << c.values_stored << "\n"
              << "compiled:      " << c.compiled << "\n";
}

const char* USAGE =
    "usage: bpl [--explain] -e EXPR      evaluate one source text\n"
    "       bpl [--explain] FILE [ARG…]  run a UTF-8 file (a first line starting #! is ignored)\n"
    "       bpl [--explain] -            read the whole program from standard input, then run it\n"
    "       … | bpl                      piped lines run as a REPL without prompts\n"
    "       bpl                          the REPL, on a terminal (]help inside it)\n"
    "       bpl --keys                   the REPL's glyph keys: ` or Alt, then the key\n"
    "       bpl --worker                 JSON requests on standard input, a reply line each (docs/repl.md)\n"
    "       bpl --cases [--json] [--only ID] [--exclude FILE] [--expect FILE] [--base DIR]\n"
    "                   [--write-passing FILE] [--timeout S] [--jobs N] FILE...\n"
    "       bpl --help | --version\n"
    "options: --explain (each read's stages and the graph's counters after the run),\n"
    "         --kinds=static|dynamic (the kinds mode; BPL_KINDS sets it too)\n"
    "exit status: 0 success, 1 an evaluation or I/O error, 2 bad arguments\n";

int usage() {
    std::cerr << USAGE;
    return 2;
}

// A first line starting #! is ignored (its newline stays, so lines keep their numbers).
std::string without_shebang(std::string source) {
    if (source.rfind("#!", 0) == 0) source.erase(0, source.find('\n'));
    return source;
}

// A write to a closed pipe ends the run, successfully: the reader has all it wanted.
void on_sigpipe(int) { _exit(0); }

} // namespace

int main(int argc, char** argv) {
    session::install();
    jit::install(); // compiled stages (the Python module runs without)
    std::signal(SIGPIPE, on_sigpipe);
    program::set_progress(isatty(2)); // a long read's progress line, only ever on a terminal
    std::vector<std::string> args(argv + 1, argv + argc);
    if (!args.empty() && args[0] == "--cases")
        return cli::cases_main(std::vector<std::string>(args.begin() + 1, args.end()));
    bool explain = false, from_stdin = false;
    std::optional<std::string> expr, file;
    std::vector<std::string> script_args; // after FILE: the script's (•host "args")
    if (const char* k = std::getenv("BPL_KINDS"); k && !prim::parse_kinds(k)) {
        std::cerr << "bpl: BPL_KINDS must be static or dynamic\n";
        return 2;
    }
    for (size_t i = 0; i < args.size(); i++) {
        if (file) {
            script_args.push_back(args[i]);
        } else if (args[i] == "--explain") {
            explain = true;
        } else if (args[i].rfind("--kinds=", 0) == 0) {
            std::optional<prim::Kinds> k = prim::parse_kinds(std::string_view(args[i]).substr(8));
            if (!k) {
                std::cerr << "bpl: --kinds takes static or dynamic\n";
                return 2;
            }
            prim::set_kinds(*k);
        } else if (args[i] == "-e") {
            if (i + 1 >= args.size() || expr) return usage();
            expr = args[++i];
        } else if (args[i] == "-h" || args[i] == "--help") {
            std::cout << USAGE;
            return 0;
        } else if (args[i] == "--version") {
            std::cout << "bpl " << BPL_VERSION << "\n";
            return 0;
        } else if (args[i] == "--worker") {
            if (args.size() != 1) return usage();
            base::install_interrupt_handler(); // SIGINT stops the running request, not the worker
            return cli::run_worker(std::cin, std::cout);
        } else if (args[i] == "--keys") {
            std::cout << cli::key_table_text();
            return 0;
        } else if (args[i] == "-") {
            if (from_stdin) return usage();
            from_stdin = true;
        } else if (args[i].size() > 1 && args[i][0] == '-') {
            return usage();
        } else {
            file = args[i];
        }
    }
    if ((expr ? 1 : 0) + (file ? 1 : 0) + (from_stdin ? 1 : 0) > 1) return usage();
    session::set_host(script_args, BPL_VERSION);
    std::string source, name;
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
        source = without_shebang(ss.str());
        name = *file;
    } else if (from_stdin) {
        std::ostringstream ss;
        ss << std::cin.rdbuf();
        source = without_shebang(ss.str());
        name = "<stdin>";
    } else if (isatty(0)) {
        base::install_interrupt_handler(); // Ctrl-C stops a computation, not the workspace
        return cli::run_terminal();
    } else {
        base::install_interrupt_handler();
        return cli::run_piped(std::cin);
    }
    // Ctrl-C in a script is INTERRUPT ERROR: reported like any error, exit status 1.
    base::install_interrupt_handler();
    cli::StdIo io(from_stdin);
    std::string base = ".";
    lang::Context ctx(io, base);
    if (file) session::run_as_script(ctx, *file); // its folder is where •load looks first
    if (explain) {
        program::reset_counters();
        program::set_reporting(true);
    }
    bool ok = run_and_print(ctx, source, name);
    if (explain) print_counters();
    return ok ? 0 : 1;
}
