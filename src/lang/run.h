// The language's entry: run source text in a scope. Lexes, parses, binds each statement to
// instructions and executes them with the one tree executor. Display lives in display.h.
#pragma once

#include "base/error.h"
#include "base/ref.h"
#include "value/value.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bpl::lang {

using value::Value;

// Where ⎕← output goes and where ⎕ input comes from.
class Io {
  public:
    virtual ~Io() = default;
    virtual void print(const std::string& text) = 0;       // one event, no trailing newline
    // ⎕←'s one call: its text and the value shown; prints the text unless a front end does more
    // with the value (the CLI also saves a picture's file when •prefs "save" names a folder).
    virtual void print_value(const std::string& text, const Value& shown);
    virtual std::optional<std::string> read_line() = 0;     // nullopt when there is no input
};

class Scope; // names and their values (lang owns its layout)

// A top-level environment: global names plus the Io and the folder •load resolves against.
class Context {
  public:
    explicit Context(Io& io, std::string base_dir = ".");
    ~Context();
    Io& io() { return io_; }
    const std::string& base_dir() const { return base_dir_; }
    Scope& globals() { return *globals_; }
    // A fresh root scope for one run of a module (•load). The dfns it defines hold it, so they
    // outlive the run; the context holds it too, until release_modules finds that only the
    // scope's own bindings hold its dfns (the cycle scope → dfn → scope broken by clearing it).
    base::Ref<Scope> new_module_scope();
    // Frees every module scope nothing outside it can reach (lang::unreachable_module), again
    // while that frees more (a module's record held only by another freed one). •load and the
    // end of each top-level run call it.
    void release_modules();
    // Module scopes alive (held by the context): what the sweep leaves.
    size_t live_modules() const { return modules_.size(); }
    // The files whose modules are running, outermost first (•load's cycle check and the folder
    // a relative path resolves against first).
    std::vector<std::string>& modules_running() { return modules_running_; }

  private:
    Io& io_;
    std::string base_dir_;
    std::unique_ptr<Scope> globals_;
    std::vector<base::Ref<Scope>> modules_;
    std::vector<std::string> modules_running_;
};

// Runs every statement of `source` in order. Calls on_result for each statement whose value is
// not shy (assignments are shy; an empty statement has none). Throws base::Error, with its Site
// (byte offsets into `source`) set, for the first error; earlier statements' effects remain.
void run(Context& ctx, std::string_view source, const std::function<void(const Value&)>& on_result);

// Like run(), but calls on_value for every statement, shy ones included (with `shy` set) and
// those with no result (v.is_none()): the case runner checks the last statement's value even
// when it is an assignment or no result.
void run_all(Context& ctx, std::string_view source,
             const std::function<void(const Value&, bool shy)>& on_value);
// The same, dissecting each top-level statement into d (dissect.h): when on_value sees a
// statement's value, d holds the statement's instructions and the calls it made.
struct Dissection;
void run_all(Context& ctx, std::string_view source,
             const std::function<void(const Value&, bool shy)>& on_value, Dissection& d);
// The same with `scope` as the top-level scope (a module's own, from new_module_scope()).
void run_all(Context& ctx, Scope& scope, std::string_view source,
             const std::function<void(const Value&, bool shy)>& on_value);

// Binds a global name (e.g. the embedding's or a test's predefined values).
void set_global(Context& ctx, const std::string& name, Value v);

// The 1-based line and column (in characters) where `site` begins in `source`; 0 0 when the
// site is unknown or outside it. The one reckoning of positions: error reports, `$e`, •load.
struct LineColumn {
    int64_t line = 0;
    int64_t column = 0;
};
LineColumn line_column(std::string_view source, base::Site site);

// Formats an error as the reference does: "KIND ERROR: message", then " --> <source>:L:C",
// the source line and a caret line (language.md §13).
std::string error_report(const base::Error& error, std::string_view source,
                         std::string_view source_name = "<source>");

} // namespace bpl::lang
