// session/: what a running BPL session provides above the language: the system names (•name)
// today; settings, effects and the embedding API as they come (architecture.md §3).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace bpl::lang {
class Context;
}

namespace bpl::value {
class Value;
}

namespace bpl::session {

// Which system names a session offers: all, or (Contained) only those that stay inside the
// session, refusing with UNSUPPORTED the names that reach files, directories, the network or
// stdin (the fuzz targets run arbitrary programs this way).
enum class Reach { All, Contained };

// Registers the system-name table with lang (idempotent; the last call's reach wins). Every
// program that runs BPL calls it once at start-up (the bpl program, the case runner, tests).
void install(Reach reach = Reach::All);

// Writes v's rendering (its •mime bundle's entry for path's extension: .svg image/svg+xml,
// .png image/png, .html text/html, .txt text/plain, .md text/markdown) to the new file path, as
// `path •nput` does (never replacing a file); returns the MIME type written. A value without that
// rendering, or another extension, is DOMAIN.
std::string save_rendering(const value::Value& v, const std::string& path);

// v's •mime bundle as (MIME type, content) pairs: text types as UTF-8, image/png as its bytes.
// Only "text/plain" when v has no renderer (the Jupyter kernel's display data).
std::vector<std::pair<std::string, std::string>> mime_bundle(const value::Value& v);

// What `•host "args"` and `•host "version"` give (programs.cpp): the program's arguments after
// its file (none when it has no file) and the bpl program's version. The command line sets
// them once at start-up; until then `•host "version"` is UNSUPPORTED.
void set_host(std::vector<std::string> args, std::string version);

// The system names (without the bullet), in table order: the REPL's completion lists them.
std::vector<std::string> system_names();

// Marks `path` as the script ctx runs (load.cpp): the outermost running module, so •load's
// relative paths resolve against its folder first and a module loading it back is a cycle.
void run_as_script(lang::Context& ctx, const std::string& path);

} // namespace bpl::session
