// The case runner: the conformance record format (a port of ../shared/conformance/cases.py),
// the comparison of a case's result with its expectation (decisions.md D19), running one case
// isolated in a child process, and the `bpl --cases` command.
#pragma once

#include "value/value.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bpl::cli {

// One record: the code, and what it must give (a value, an error kind, explicit output).
struct Case {
    std::string id;
    std::string section;
    std::string description;
    std::string code;
    std::optional<std::string> expect;       // BPL source of the expected value
    std::optional<std::string> expect_error; // "DOMAIN ERROR", "UNSUPPORTED", ...
    std::optional<std::string> output;       // everything ⎕← prints, events joined by "\n"
    std::optional<std::string> input;        // what ⎕ reads
    std::optional<double> rtol;
    std::optional<double> atol;
    int line = 0;     // 1-based line of the header
    std::string form; // inline, two-line, arrow, multi-inline, multi-line
};

// A record that could not be parsed.
struct Problem {
    int line = 0;
    std::string id;
    std::string reason;
};

struct ParsedFile {
    std::vector<Case> cases;
    std::vector<Problem> problems;
};

// Parses the text of a record file exactly as cases.py's parse_with_problems does.
ParsedFile parse_cases(std::string_view text);

// (id, comment) when `line` is a case header (`⍝ ID — description`).
std::optional<std::pair<std::string, std::string>> parse_header(std::string_view line);
// Splits a header comment into the description and a trailing `[rtol=… atol=…]`.
void split_tolerance(std::string_view comment, std::string* description, std::optional<double>* rtol,
                     std::optional<double>* atol);
// Byte offset of the first ⍝ outside quotes in one line, or npos.
size_t comment_start(std::string_view line);
// Output-line escapes: `\n` is a newline, `\\` a backslash; false for any other escape.
bool unescape_output(std::string_view text, std::string* out);

// How approximate numbers compare: |a-e| ≤ max(atol, rtol×max(|a|,|e|)).
struct Tolerance {
    double rtol = 1e-13;
    double atol = 1e-13;
};

// Whether `actual` matches `expected` as the runner compares them (D19): shape, nesting, items,
// prototypes of empty arrays and characters exactly; integers exactly; other numbers within the
// tolerance. An unmarked (weak) expected number matches a number of any real kind; any other
// expected number must have the actual's kind. On a mismatch, `why` says where.
bool match_expected(const value::Value& actual, const value::Value& expected, Tolerance tol,
                    std::string* why);

enum class Status { Pass, Fail, Skip };

struct Outcome {
    Status status = Status::Fail;
    std::string message;
};

// Runs one case in this process, each side in a fresh lang::Context whose •load base is
// `base_dir`. `testpath`, when not empty, is bound to the name `testpath` before the code runs.
Outcome run_case(const Case& c, const std::string& base_dir, const std::string& testpath = "");
// Runs one case in a forked child with a time limit: a timeout or a crash fails the case,
// never the caller.
Outcome run_case_isolated(const Case& c, const std::string& base_dir, double seconds = 2.0);
// The isolation itself: runs `body` in a forked child, its outcome sent back over a pipe; a
// child past `seconds` fails with "timeout", one killed by a signal with "crash: signal N".
Outcome run_isolated(const std::function<Outcome()>& body, double seconds);
// Runs body(0) … body(count-1) isolated as above, up to `jobs` children at once, and calls
// done(i, outcome) for each in index order.
void run_isolated_many(size_t count, const std::function<Outcome(size_t)>& body, double seconds,
                       int jobs, const std::function<void(size_t, const Outcome&)>& done);

// `bpl --cases ...`: args are the words after `--cases` (also --timeout SECONDS, --jobs N).
// Returns the exit status.
int cases_main(const std::vector<std::string>& args);

} // namespace bpl::cli
