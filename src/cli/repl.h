// The REPL's evaluation side: input lines gathered until every delimiter closes, `]` commands,
// results displayed (elided), errors reported with their caret and the loop going on. The
// terminal front end (line editing, history, glyph keys, completion) is editor.h; piped input
// runs through the same Repl with no prompts.
#pragma once

#include "lang/run.h"

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bpl::cli {

// ⎕← prints a line on standard output; ⎕ reads a line of standard input (none when standard
// input holds the program).
class StdIo : public lang::Io {
  public:
    explicit StdIo(bool stdin_is_source) : stdin_is_source_(stdin_is_source) {}
    void print(const std::string& text) override;
    // ⎕←: the text, then the file of a picture or a plot when •prefs "save" names a folder.
    void print_value(const std::string& text, const lang::Value& shown) override;
    std::optional<std::string> read_line() override;

  private:
    bool stdin_is_source_;
};

// A result as the CLI shows it (-e, a file, the REPL): its text as the display settings say
// (lang::result_text), a line on `out`, and, when •prefs "save" names a folder, the file of a
// picture or a plot (autosave). Reads v; throws base::Error when the file cannot be written.
void show_result(std::ostream& out, const lang::Value& v);
// Runs source in ctx as the CLI shows results: each non-shy result (show_result), after its bound
// expression (lang/dissect.h) when •prefs "dissect" is on. With `dissect_all` (`]dissect expr`)
// every statement's bound expression shows, shy ones too. Throws base::Error as lang::run does.
void run_shown(lang::Context& ctx, const std::string& source, std::ostream& out, bool dissect_all);
// When •prefs "save" names a folder and v renders as a picture (image/png) or a plot
// (image/svg+xml): writes the rendering to the first free `bpl-N.png`/`.svg` there (making the
// folder) and returns the line saying so; else nothing.
std::optional<std::string> autosave(const lang::Value& v);

// `]help llms`: docs/llms.md (compiled in), then one line per glyph of the key table (keys.h).
std::string llms_text();

// Whether `source` leaves a bracket, parenthesis or brace open (the REPL then reads another
// line; a newline inside a delimiter is ⋄). Text that does not lex counts as complete, so that
// running it reports the error.
bool needs_more(const std::string& source);

class Repl {
  public:
    // Results go to `out`, error reports to `err`.
    Repl(lang::Io& io, std::ostream& out, std::ostream& err);
    ~Repl();

    // Adds one input line (no newline). Runs the gathered input, or the `]` command, once it is
    // complete; returns false while more lines are needed.
    bool feed(const std::string& line);
    // Input is waiting for a closing delimiter.
    bool pending() const { return !buffer_.empty(); }
    // Runs the gathered lines as they are (end of input inside a delimiter: reports its error).
    void finish();
    // Drops the gathered lines (Ctrl-C at a continuation prompt).
    void cancel() { buffer_.clear(); }
    // Some input has failed since the start.
    bool failed() const { return failed_; }
    // The workspace's names, sorted (Tab completion).
    std::vector<std::string> names() const;

  private:
    void run_source(const std::string& source);
    void command(const std::string& line);
    void help(const std::string& topic);
    void box(const std::string& args);

    lang::Io& io_;
    std::ostream& out_;
    std::ostream& err_;
    std::unique_ptr<lang::Context> ctx_;
    std::string buffer_;
    bool failed_ = false;
};

// Runs standard input's lines as a REPL without prompts; names persist and a failing line does
// not stop the rest. Returns 1 when any line failed, else 0.
int run_piped(std::istream& in);

} // namespace bpl::cli
