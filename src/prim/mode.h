// The session's kinds mode (language.md §10.5, decisions.md D4): dynamic kinds (the default) or
// static kinds. Until •prefs exists it is a process setting: BPL_KINDS (static|dynamic) when the
// session starts, `bpl --kinds=static`, or set_kinds. A call reads it at the call, when its row
// picks a kind; pending nodes keep the kind they were built with, never the mode at force time.
#pragma once

#include <optional>
#include <string_view>

namespace bpl::prim {

enum class Kinds : unsigned char { Dynamic, Static };

// The mode a call made now gets (from BPL_KINDS on first use, else dynamic).
Kinds kinds();
void set_kinds(Kinds mode);
// "static" or "dynamic"; nullopt for any other text.
std::optional<Kinds> parse_kinds(std::string_view text);

} // namespace bpl::prim
