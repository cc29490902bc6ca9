// The glyph key table: one row per glyph the REPL can type, with its key (after the backtick
// prefix, or with Alt), its names for backtick-name completion and its help line. The one home
// of these facts: the REPL, `]help`, `bpl --keys` (docs/repl.md's table, the kernels) read it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace bpl::cli {

struct GlyphKey {
    const char* glyph; // UTF-8
    char key;          // the US-layout key after ` or with Alt (0: none)
    const char* name;  // the name `]help` and completion use
    const char* aliases; // further completion names, space-separated ("" when none)
    const char* help;    // monad; dyad (or what the glyph is)
};

// Every row, in keyboard order.
const std::vector<GlyphKey>& glyph_keys();

// The row whose key is `key`, or null.
const GlyphKey* glyph_for_key(char key);

// The row of `glyph` (UTF-8), or null.
const GlyphKey* glyph_row(std::string_view glyph);

// Rows with a name or alias that starts with `prefix` (an exact name or alias alone when one
// matches exactly), in table order.
std::vector<const GlyphKey*> glyphs_named(std::string_view prefix);

// The table as text, one row a line: key, glyph, name, help (`bpl --keys`).
std::string key_table_text();

} // namespace bpl::cli
