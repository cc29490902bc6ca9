// The REPL on a terminal: libedit line editing with persistent history, glyph keys (` then a key,
// or Alt and the key, both from keys.h), Tab completion of names, system names and `glyph
// names, a continuation prompt while a delimiter is open, and Ctrl-C cancelling the input.
#pragma once

#include <string>

namespace bpl::cli {

// Runs the interactive REPL until Ctrl-D on an empty line. Returns the exit status (0).
int run_terminal();

// The history file: $XDG_CONFIG_HOME/basedpl/history, else ~/.config/basedpl/history ("" when
// neither variable is set).
std::string history_path();

} // namespace bpl::cli
