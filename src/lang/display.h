// Display: the plain-mode text of a value (language.md §12), used by the REPL, ⎕←, ⍕ and the
// case runner. Reads pending values (a forcing read).
#pragma once

#include "value/value.h"

#include <cstdint>
#include <string>

namespace bpl::lang {

// The whole text of v (lines joined by '\n', no trailing newline): ⎕←, ⍕ and the case runner.
std::string display(const value::Value& v);

// Elision of large arrays (language.md §12.3): an array of more than `limit` items shows the
// first and last `edges` positions of each axis longer than 2×edges, with `…` for elided
// columns, `⋮` for rows and planes, `⋱` where both meet.
struct Elision {
    int64_t limit = 1000;
    int64_t edges = 3;
};
// The session's display settings (•prefs "limit" and "edges"): the elision the REPL and a
// program's results use. One process setting, like prim's kinds mode.
struct DisplaySettings {
    Elision elide;
};
DisplaySettings& display_settings();
// The text the REPL and a program's results print for v, elided as `elide` says.
std::string display(const value::Value& v, const Elision& elide);
// v in source form, as an item inside a strand or bracket list (`1ₓ`, `"ab"`, `[1 2]`, `⊂7`).
std::string source_form(const value::Value& v);
// D⍕Y, W D⍕Y: numbers in fixed-point or exponent fields (functions.md §10.1). Reads Y.
value::Value format_with(const value::Value& alpha, const value::Value& omega);
// A float in shortest read-back form with BPL spelling (`¯2`, `1ₑ17`, `∞`, `$n`).
std::string format_float(double f);
// A number atom's text (real, complex or exact); `marked` adds an integer or float-width mark.
std::string number_source(const value::Value& v, bool marked);
// ⍕Y (functions.md §10.1): Y's character array (layout.cpp). Reads Y; checks interrupts.
value::Value format_array(const value::Value& v);

} // namespace bpl::lang
