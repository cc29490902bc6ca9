// Display: the plain-mode text of a value (language.md §12), used by the REPL, ⎕←, ⍕ and the
// case runner. Reads pending values (a forcing read).
#pragma once

#include "value/value.h"

#include <cstdint>
#include <string>
#include <vector>

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
// The session's display settings (•prefs, operators-and-system.md §19.5): the elision the REPL
// and a program's results use ("limit", "edges"), boxed mode ("box"; "fns": also ⎕← inside a
// dfn), function trees ("trees"), dissection ("dissect") and the folder where ⎕← of a picture or a plot saves a file
// ("save"; empty: none). One process setting, like prim's kinds mode; the terminal REPL turns
// box, trees and fns on.
struct DisplaySettings {
    Elision elide;
    bool box = false;
    bool trees = false;
    bool fns = false;
    bool dissect = false; // the bound expression (dissect.h) before each result the REPL shows
    std::string save;
};
DisplaySettings& display_settings();
// The text a non-shy result shows as the settings say: boxed or plain, elided; a function as its
// tree or its source. Reads v.
std::string result_text(const value::Value& v);
// The text ⎕← prints as the settings say: every item, boxed when box is on (inside a dfn only
// when fns is on too). Reads v.
std::string explicit_text(const value::Value& v, bool in_dfn);
// Boxed mode (language.md §12.4, boxed.cpp): v's items in frames that mark the axes (`→` the
// last, `↓` each other, `⊖`/`⌽` an empty one) and the storage on the bottom edge (`ₓ ~ j ─ $ ∊ +`:
// integer, float, complex, character, Boolean, nested, mixed); nested arrays boxed in turn,
// atoms and scalars as in plain mode. `elide` (null: none) shortens large arrays. Reads v.
std::string boxed(const value::Value& v, const Elision* elide);
// A function's tree (boxed.cpp): one line per node, its parts below it after `├─ `/`└─ `;
// a derived function's node is its operator, a train's `fork`, `atop` or `bound`, a function
// without parts its source. Other values: their display.
std::string function_tree(const value::Value& f);
// A tree as function trees and dissections (dissect.h) draw it: a node's label (lines joined
// by ` ⋄ `) and its parts, drawn below it behind `├─ `/`└─ ` by draw_tree (boxed.cpp).
struct TreeNode {
    std::string label;
    std::vector<TreeNode> parts;
};
std::string draw_tree(const TreeNode& t);
// The tree function_tree draws for function f (an operand array: a leaf of its source form).
TreeNode function_node(const value::Value& f);
// The text the REPL and a program's results print for v, elided as `elide` says.
std::string display(const value::Value& v, const Elision& elide);
// v in source form, as an item inside a strand or bracket list (`1ₓ`, `"ab"`, `[1 2]`, `⊂7`).
// `mark_float64` marks float64 numbers too, at any depth (`1.5ₚ`, `[1.5 2]ₚ`; `$n ∞ ¯∞` take
// none), so that the text reads back as float64 whatever the default float width (•literal⁻).
std::string source_form(const value::Value& v, bool mark_float64 = false);
// D⍕Y, W D⍕Y: numbers in fixed-point or exponent fields (functions.md §10.1). Reads Y.
value::Value format_with(const value::Value& alpha, const value::Value& omega);
// A float in shortest read-back form with BPL spelling (`¯2`, `1ₑ17`, `∞`, `$n`).
std::string format_float(double f);
// A number atom's text (real, complex or exact); `marked` adds an integer or float-width mark.
std::string number_source(const value::Value& v, bool marked);
// ⍕Y (functions.md §10.1): Y's character array (layout.cpp). Reads Y; checks interrupts.
value::Value format_array(const value::Value& v);

} // namespace bpl::lang
