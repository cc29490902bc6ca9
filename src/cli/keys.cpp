// The glyph key table (keys.h). Keys follow the reference's US layout; where the reference's key
// types a glyph BPL spells differently (decisions.md D7: ⍲ ⍱ ℙ ⌝ ◶) the key types the newest
// spelling, and glyphs the reference lacks take keys it leaves free (Q ¿, t ⁻, O ⊗, X ⨸, C ⊘,
// m ↦, F ↣, M ↢).
#include "cli/keys.h"

#include <sstream>

namespace bpl::cli {

namespace {

// clang-format off
const std::vector<GlyphKey> TABLE = {
    // glyph key   name              aliases                  help
    {"⋄", '`',  "diamond",        "separator",             "statement separator"},
    {"⌺", '~',  "stencil",        "",                      "operator f⌺S: f on each neighbourhood"},
    {"¨", '1',  "each",           "diaeresis",             "operator f¨: f on each item"},
    {"¯", '2',  "overbar",        "negative high-minus",   "negative sign of a number literal"},
    {"√", '3',  "root",           "sqrt square-root",      "square root; X-th root"},
    {"⍒", '#',  "grade-down",     "",                      "grade down; grade down with collation"},
    {"≤", '4',  "less-equal",     "decrement",             "decrement; less or equal"},
    {"⍋", '$',  "grade-up",       "",                      "grade up; grade up with collation"},
    {"⇄", '5',  "inverse-pair",   "swap",                  "operator f⇄g: declare g the inverse of f"},
    {"⌽", '%',  "reverse",        "rotate",                "reverse (last axis); rotate"},
    {"≥", '6',  "greater-equal",  "increment",             "increment; greater or equal"},
    {"⍉", '^',  "transpose",      "reorder",               "transpose; reorder axes"},
    {"⌻", '7',  "polynomial",     "roots",                 "roots; polynomial evaluate"},
    {"⊖", '&',  "reverse-first",  "rotate-first",          "reverse first; rotate first"},
    {"≠", '8',  "not-equal",      "unique-mask",           "unique mask; not equal"},
    {"⍟", '*',  "log",            "logarithm",             "natural log; logarithm"},
    {"∨", '9',  "or",             "gcd",                   "real-imaginary pairs; GCD / OR"},
    {"⊽", '(',  "nor",            "double",                "double; NOR"},
    {"∧", '0',  "and",            "lcm",                   "polar pairs; LCM / AND"},
    {"⊼", ')',  "nand",           "square",                "square; NAND"},
    {"×", '-',  "times",          "multiply direction",    "direction; multiply"},
    {"∞", '_',  "infinity",       "",                      "the literal infinity"},
    {"÷", '=',  "divide",         "reciprocal",            "reciprocal; divide"},
    {"⌹", '+',  "domino",         "matrix-inverse",        "matrix inverse; matrix divide"},
    {"•", 'q',  "bullet",         "system",                "prefix of system names: •name"},
    {"¿", 'Q',  "roll",           "deal random",           "roll; deal"},
    {"⍵", 'w',  "omega",          "",                      "right argument of a dfn"},
    {"⍹", 'W',  "omega-underbar", "right-operand",         "right operand of a defined operator"},
    {"∊", 'e',  "member",         "enlist epsilon",        "enlist; member of"},
    {"⍷", 'E',  "find",           "groups",                "groups; find"},
    {"⍴", 'r',  "rho",            "shape reshape",         "shape; reshape"},
    {"⍭", 'R',  "prime",          "nth-prime",             "nth prime; prime mode"},
    {"⁻", 't',  "inverse",        "superscript-minus",     "f⁻: the inverse of f"},
    {"⍨", 'T',  "commute",        "swap-arguments selfie", "operator f⍨: self, swap, constant"},
    {"⍚", 'y',  "agenda",         "case",                  "operator s⍚fs: call one case"},
    {"∘", 'u',  "atop",           "jot compose",           "operator f∘g: f(X g Y)"},
    {"↕", 'U',  "windows",        "pairs",                 "pairs; windows"},
    {"⍳", 'i',  "iota",           "index-generator index-of", "index generator; index of"},
    {"⍸", 'I',  "where",          "interval-index",        "where; interval index"},
    {"○", 'o',  "circle",         "cis",                   "cis / unit circle; circular function"},
    {"⊗", 'O',  "outer",          "outer-product",         "operator g⊗: outer product"},
    {"π", 'p',  "pi",             "",                      "pi times; pi ratio"},
    {"⍣", 'P',  "power",          "repeat",                "operator f⍣n: power, fixed point, until"},
    {"⎕", ']',  "quad",           "",                      "⎕← prints; ⎕ reads a line"},
    {"⍬", '}',  "zilde",          "empty",                 "the empty numeric vector"},
    {"⊢", '\\', "right",          "same right-tack",       "same; right"},
    {"⊣", '|',  "left",           "left-tack",             "same; left"},
    {"⍺", 'a',  "alpha",          "",                      "left argument of a dfn"},
    {"⍶", 'A',  "alpha-underbar", "left-operand",          "left operand of a defined operator"},
    {"⌈", 's',  "ceiling",        "maximum max",           "ceiling; maximum"},
    {"⌊", 'd',  "floor",          "minimum min",           "floor; minimum"},
    {"∂", 'f',  "derivative",     "partial gradient",      "operator f∂: gradient, VJP, Jacobian"},
    {"↣", 'F',  "before",         "bind-left",             "operator f↣g: (f Y) g Y"},
    {"∇", 'g',  "del",            "recursion nabla",       "the current dfn (recursion)"},
    {"⍢", 'G',  "del-diaeresis",  "operator-recursion",    "the current operator (recursion)"},
    {"←", 'h',  "assign",         "left-arrow gets",       "assignment"},
    {"∆", 'H',  "delta",          "",                      "a letter in names"},
    {"↓", 'j',  "drop",           "split",                 "split; drop"},
    {"⍤", 'J',  "rank",           "jot-diaeresis",         "operator f⍤R: apply to cells"},
    {"↑", 'k',  "take",           "first",                 "first; take"},
    {"⌸", 'K',  "key",            "",                      "operator f⌸: group by key"},
    {"→", 'l',  "pipe",           "right-arrow",           "pipeline: X→f is f X"},
    {"⌷", 'L',  "squad",          "index materialise",     "materialise; index"},
    {"⍎", ';',  "execute",        "eval",                  "execute; execute in record"},
    {"≡", ':',  "match",          "depth",                 "depth; match"},
    {"⍕", '\'', "format",         "thorn",                 "format; format with spec"},
    {"≢", '"',  "tally",          "not-match count",       "tally; not match"},
    {"⊂", 'z',  "enclose",        "partitioned-enclose",   "enclose; partitioned enclose"},
    {"⊆", 'Z',  "nest",           "partition",             "nest; partition"},
    {"⊃", 'x',  "mix",            "pick disclose",         "mix; pick"},
    {"⨸", 'X',  "factor",         "prime-factors",         "prime factors; factor spec"},
    {"∩", 'c',  "intersection",   "duplicates",            "duplicates; intersection"},
    {"⊘", 'C',  "valences",       "",                      "operator f⊘g: f monadic, g dyadic"},
    {"∪", 'v',  "union",          "unique",                "unique; union"},
    {"⍥", 'V',  "over",           "",                      "operator f⍥g: (g X) f (g Y)"},
    {"⊥", 'b',  "decode",         "base",                  "binary decode; decode"},
    {"⊤", 'n',  "encode",         "represent",             "binary encode; encode"},
    {"↦", 'm',  "range",          "maps-to",               "range from ±1; range X to Y"},
    {"↢", 'M',  "after",          "bind-right",            "operator f↢g: Y f (g Y)"},
    {"⍝", ',',  "comment",        "lamp",                  "comment to the end of the line"},
    {"⍪", '<',  "table",          "catenate-first",        "table; catenate first"},
    {"⍀", '.',  "scan-first",     "",                      "operator f⍀: scan along the first axis"},
    {"⍙", '>',  "delta-underbar", "",                      "a letter in names"},
    {"⌿", '/',  "reduce-first",   "",                      "operator f⌿: reduce along the first axis"},
    {"⍠", '?',  "variant",        "axis options",          "operator f⍠A: apply along axes, options"},
};
// clang-format on

bool starts_with(std::string_view s, std::string_view prefix) {
    return s.size() >= prefix.size() && s.substr(0, prefix.size()) == prefix;
}

// The row's name and aliases.
std::vector<std::string_view> names_of(const GlyphKey& row) {
    std::vector<std::string_view> names{row.name};
    std::string_view rest = row.aliases;
    while (!rest.empty()) {
        size_t space = rest.find(' ');
        names.push_back(rest.substr(0, space));
        rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
    }
    return names;
}

} // namespace

const std::vector<GlyphKey>& glyph_keys() { return TABLE; }

const GlyphKey* glyph_for_key(char key) {
    if (key == 0) return nullptr;
    for (const GlyphKey& row : TABLE)
        if (row.key == key) return &row;
    return nullptr;
}

const GlyphKey* glyph_row(std::string_view glyph) {
    for (const GlyphKey& row : TABLE)
        if (glyph == row.glyph) return &row;
    return nullptr;
}

std::vector<const GlyphKey*> glyphs_named(std::string_view prefix) {
    std::vector<const GlyphKey*> exact, found;
    for (const GlyphKey& row : TABLE) {
        bool hit = false, whole = false;
        for (std::string_view n : names_of(row)) {
            hit = hit || starts_with(n, prefix);
            whole = whole || n == prefix;
        }
        if (whole) exact.push_back(&row);
        if (hit) found.push_back(&row);
    }
    return exact.size() == 1 ? exact : found;
}

std::string key_table_text() {
    std::ostringstream out;
    for (const GlyphKey& row : TABLE) {
        out << (row.key ? std::string(1, row.key) : std::string(" ")) << "  " << row.glyph << "  "
            << row.name << "  " << row.help << "\n";
    }
    return out.str();
}

} // namespace bpl::cli
