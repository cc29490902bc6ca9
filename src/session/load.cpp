// •load path (operators-and-system.md §19.3): runs a BPL file as a module through lang's one
// run entry, in a root scope of its own (only its own names; no display of its results, only
// its explicit output), and gives the record of its top-level names not starting with `_`.
// Each call reads and runs the file again. A relative path resolves against the folder of the
// module running the call, then against the session's base folder.
#include "session/names.h"
#include "session/session.h"

#include "base/error.h"
#include "lang/exec.h"
#include "lang/run.h"
#include "lang/scope.h"
#include "value/layout.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

namespace bpl::session {

using base::Error;
using base::ErrorKind;
namespace fs = std::filesystem;

namespace {

lang::Context& running_context() {
    lang::Exec* ex = lang::running_exec();
    if (!ex) throw Error(ErrorKind::Internal, "•load outside a running statement");
    return ex->ctx();
}

bool readable_file(const fs::path& p) {
    std::error_code ec;
    return fs::is_regular_file(p, ec);
}

// The file `path` names: absolute as it is; relative against the running module's folder,
// then the base folder. None that is a readable file: IO ERROR.
fs::path resolve(lang::Context& ctx, const std::string& path) {
    fs::path p(path);
    std::vector<fs::path> tries;
    if (p.is_absolute()) {
        tries.push_back(p);
    } else {
        if (!ctx.modules_running().empty()) tries.push_back(fs::path(ctx.modules_running().back()).parent_path() / p);
        tries.push_back(fs::path(ctx.base_dir()) / p);
    }
    for (const fs::path& t : tries)
        if (readable_file(t)) return t;
    throw Error(ErrorKind::Io, "•load cannot read " + path);
}

std::string read_text(const fs::path& p, const std::string& path) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    if (in) ss << in.rdbuf();
    if (!in || in.bad()) throw Error(ErrorKind::Io, "•load cannot read " + path);
    return ss.str();
}

// What names a file in the running modules: its canonical path (or, when that cannot be had,
// the path as given, normalised).
std::string identity(const fs::path& file) {
    std::error_code ec;
    fs::path canonical = fs::weakly_canonical(fs::absolute(file, ec), ec);
    return ec ? file.lexically_normal().string() : canonical.string();
}

// Pops the running module however its run ends.
struct Running {
    std::vector<std::string>& stack;
    ~Running() { stack.pop_back(); }
};

} // namespace

void run_as_script(lang::Context& ctx, const std::string& path) { ctx.modules_running().push_back(identity(path)); }

Value load(const Value& omega) {
    std::string path = text_of(omega, "•load's path");
    lang::Context& ctx = running_context();
    fs::path file = resolve(ctx, path);
    std::string id = identity(file);
    std::vector<std::string>& stack = ctx.modules_running();
    if (std::find(stack.begin(), stack.end(), id) != stack.end())
        throw Error(ErrorKind::Domain, "•load: " + path + " loads itself");
    std::string text = read_text(file, path);

    ctx.release_modules(); // earlier loads nothing holds any more
    base::Ref<lang::Scope> held = ctx.new_module_scope(); // kept while it runs and its record is made
    lang::Scope& scope = *held;
    stack.push_back(id);
    {
        Running running{stack};
        try {
            lang::run_all(ctx, scope, text, [](const Value&, bool) {});
        } catch (const Error& e) {
            // The site points into the module's text, not the caller's: name it in the message.
            lang::LineColumn at = lang::line_column(text, e.site());
            std::string place = at.line ? ":" + std::to_string(at.line) + ":" + std::to_string(at.column) : "";
            throw e.elsewhere(std::string(e.what()) + " (in " + path + place + ")");
        }
    }
    std::vector<std::string> names = scope.names();
    std::sort(names.begin(), names.end());
    std::vector<std::pair<std::string, Value>> fields;
    for (const std::string& name : names)
        if (name.empty() || name[0] != '_') fields.emplace_back(name, *scope.find_local(name));
    return value::record(std::move(fields));
}

} // namespace bpl::session
