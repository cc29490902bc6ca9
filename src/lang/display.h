// Display: the plain-mode text of a value (language.md §12), used by the REPL, ⎕←, ⍕ and the
// case runner. Reads pending values (a forcing read).
#pragma once

#include "value/value.h"

#include <string>

namespace bpl::lang {

// The text the REPL prints for v (lines joined by '\n', no trailing newline).
std::string display(const value::Value& v);
// v in source form, as an item inside a strand or bracket list (`1ₓ`, `"ab"`, `[1 2]`, `⊂7`).
std::string source_form(const value::Value& v);
// D⍕Y, W D⍕Y: numbers in fixed-point or exponent fields (functions.md §10.1). Reads Y.
value::Value format_with(const value::Value& alpha, const value::Value& omega);
// A float in shortest read-back form with BPL spelling (`¯2`, `1ₑ17`, `∞`, `$n`).
std::string format_float(double f);

} // namespace bpl::lang
