// session/: what a running BPL session provides above the language: the system names (•name)
// today; settings, effects and the embedding API as they come (architecture.md §3).
#pragma once

#include <string>
#include <vector>

namespace bpl::session {

// Registers the system-name table with lang (idempotent). Every program that runs BPL calls it
// once at start-up (the bpl program, the case runner, tests).
void install();

// The system names (without the bullet), in table order: the REPL's completion lists them.
std::vector<std::string> system_names();

} // namespace bpl::session
