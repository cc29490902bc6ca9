// Display: plain-mode text of values (language.md §12, decisions.md D18): atoms, strands, bracket
// and row notation for vectors, scalars, empties, aligned matrices and rank ≥ 3 planes.
// Every pending value is read (forced) here before its items are looked at.
#include "lang/display.h"

#include "base/error.h"
#include "base/interrupt.h"
#include "base/stack.h"
#include "base/utf8.h"
#include "number/exact.h"
#include "value/array.h"
#include "value/function.h"
#include "value/layout.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace bpl::lang {

using value::ArrayData;
using value::Kind;
using value::Tag;
using value::Value;

namespace {

// Display and source form recurse once per level of nesting: when the call stack is nearly
// full (about 15000 levels overflowed it) they raise LIMIT ERROR instead. Each item shown and
// each row checks for an interrupt (a large pending array can take long to read and lay out).
void check_depth() {
    base::check_interrupt();
    if (base::stack_nearly_full())
        throw base::Error(base::ErrorKind::Limit, "an array nested too deeply to display");
}

std::string utf8(char32_t c) {
    std::string s;
    base::append_utf8(s, c);
    return s;
}

// Display width in columns: one per code point (UTF-8 continuation bytes don't count).
size_t width(const std::string& s) {
    size_t n = 0;
    for (unsigned char c : s)
        if ((c & 0xC0) != 0x80) n++;
    return n;
}

// Shortest read-back digits of a finite non-zero magnitude, as "d.ddd" digits and a decimal
// exponent, laid out in BPL spelling (plain inside [1E¯6, 1E16], else `dₑx`).
template <class F>
std::string format_finite(F f) {
    bool neg = std::signbit(f);
    F mag = neg ? -f : f;
    std::string out = neg ? "¯" : "";
    if (mag == 0) return out + "0";
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, mag, std::chars_format::scientific);
    std::string sci(buf, res.ptr);
    size_t e = sci.find('e');
    std::string mant = sci.substr(0, e);
    int exp = std::stoi(sci.substr(e + 1));
    std::string digits;
    for (char c : mant)
        if (c != '.') digits += c;
    double d = static_cast<double>(mag);
    if (d >= 1e-6 && d <= 1e16) {
        if (exp >= 0) {
            std::string ip, fp;
            if (static_cast<int>(digits.size()) <= exp + 1) {
                ip = digits + std::string(static_cast<size_t>(exp + 1) - digits.size(), '0');
            } else {
                ip = digits.substr(0, static_cast<size_t>(exp + 1));
                fp = digits.substr(static_cast<size_t>(exp + 1));
            }
            return out + ip + (fp.empty() ? "" : "." + fp);
        }
        return out + "0." + std::string(static_cast<size_t>(-exp - 1), '0') + digits;
    }
    std::string m = digits.substr(0, 1);
    if (digits.size() > 1) m += "." + digits.substr(1);
    std::string x = exp < 0 ? "¯" + std::to_string(-exp) : std::to_string(exp);
    return out + m + "ₑ" + x;
}

std::string format_int(int64_t i) {
    if (i < 0) {
        uint64_t u = static_cast<uint64_t>(0) - static_cast<uint64_t>(i);
        return "¯" + std::to_string(u);
    }
    return std::to_string(i);
}

// A float32 part's text (F16, F32 and C64 parts): shortest digits that read back as float32.
std::string float32_text(float f) {
    if (std::isnan(f)) return "$n";
    if (std::isinf(f)) return f > 0 ? "∞" : "¯∞";
    return format_finite(f);
}

// A real, complex or exact number atom.
bool is_number_atom(const Value& v) { return v.is_number() || v.is_complex() || v.is_exact(); }

// A number atom's text; `marked` adds the integer or float-width mark (float64's `ₚ` only with
// `f64`: source text that must read back as float64 whatever the default float width; `$n ∞ ¯∞`
// take none). A complex number shows its parts joined by ⱼ, or only its real part when the
// imaginary part is zero (language.md §12.1).
std::string number_text(const Value& v, bool marked, bool f64 = false) {
    if (v.is_exact()) return v.exact().spell(); // always marked: `1ᵣ3`, `3ᵣ`
    Kind k = v.kind();
    if (number::is_complex(k)) {
        auto part = [k](double x) {
            return k == Kind::C64 ? float32_text(static_cast<float>(x)) : format_float(x);
        };
        if (v.im() == 0) return part(v.re());
        return part(v.re()) + "ⱼ" + part(v.im());
    }
    if (k == Kind::Bool) return v.as_i64() ? "$t" : "$f";
    if (number::is_integer(k)) return format_int(v.as_i64()) + (marked ? number::mark(k) : "");
    if (k == Kind::F32 || k == Kind::F16)
        return float32_text(static_cast<float>(v.as_f64())) + (marked ? number::mark(k) : "");
    double d = v.as_f64();
    return format_float(d) + (marked && f64 && std::isfinite(d) ? "ₚ" : "");
}

// The one mark a compact array of kind k takes after its group in source form (integers, and
// float widths other than float64, or float64 too with `f64`), or null when its items stand alone.
const char* group_mark(Kind k, bool f64) {
    if (number::is_integer(k) && k != Kind::Bool) return number::mark(k);
    if (k == Kind::F32 || k == Kind::F16) return number::mark(k);
    if (k == Kind::F64 && f64) return "ₚ";
    return nullptr;
}

std::string char_source(char32_t c) {
    if (c < 32 || c == 127) return "•ucs " + std::to_string(static_cast<uint32_t>(c));
    return "'" + utf8(c) + "'";
}

std::string string_source(const ArrayData& a) {
    std::string s = "\"";
    for (int64_t i = 0; i < a.count(); i++) {
        char32_t c = a.items_as<char32_t>()[i];
        s += c == U'"' ? "\"\"" : utf8(c);
    }
    return s + "\"";
}

std::string plain_text(const ArrayData& a) {
    std::string s;
    for (int64_t i = 0; i < a.count(); i++) s += utf8(a.items_as<char32_t>()[i]);
    return s;
}

bool is_char_vector(const Value& v) {
    return v.is_stored_array() && v.array_data().rank() == 1 && !v.array_data().is_boxed() &&
           v.array_data().kind() == Kind::Char;
}

bool is_int_kind(Kind k) { return number::is_integer(k) && k != Kind::Bool; }

bool is_compact_int(const ArrayData& a) { return !a.is_boxed() && is_int_kind(a.kind()); }

// The array's items, each read (a boxed array may hold pending items).
std::vector<Value> items_of(const ArrayData& a) {
    std::vector<Value> items;
    items.reserve(static_cast<size_t>(a.count()));
    for (int64_t i = 0; i < a.count(); i++) {
        base::check_interrupt();
        items.push_back(a.item(i).read());
    }
    return items;
}

// Wraps text in parentheses when it holds a space, `:` or `⍴` outside groups.
std::string group_if_spaced(const std::string& s) {
    int depth = 0;
    bool in_str = false;
    for (size_t i = 0; i < s.size(); i++) {
        char c = s[i];
        if (in_str) {
            if (c == '"') in_str = false;
            continue;
        }
        if (c == '"') in_str = true;
        else if (c == '[' || c == '(' || c == '{') depth++;
        else if (c == ']' || c == ')' || c == '}') depth--;
        else if (depth == 0 && (c == ' ' || c == ':' || s.compare(i, 3, "⍴") == 0))
            return "(" + s + ")";
    }
    return s;
}

std::string array_source(const ArrayData& a, bool f64);
std::string source_text(const Value& value, bool f64);

std::string empty_text(const ArrayData& a, bool f64 = false) {
    Value proto = value::fill_of(a.prototype().read());
    if (a.rank() == 1 && !a.is_boxed()) {
        Kind k = a.kind();
        if (k == Kind::Char) return "\"\"";
        if (k == Kind::Bool) return "0⍴$f";
        if (is_int_kind(k)) return std::string("⍬") + number::mark(k);
        if (number::is_float(k)) return std::string("⍬") + (k == Kind::F64 ? (f64 ? "ₚ" : "") : number::mark(k));
        if (number::is_complex(k)) return "⍬";
    }
    std::string shape;
    for (int64_t d : a.shape()) {
        if (!shape.empty()) shape += ' ';
        shape += std::to_string(d);
    }
    std::string fill;
    if (!f64 && proto.is_stored_array() && proto.array_data().rank() == 1 && !proto.array_data().is_boxed() &&
        proto.array_data().kind() != Kind::Char && proto.array_data().count() > 1)
        fill = "⊂" + display(proto); // `0⍴⊂0 0`
    else if (proto.is_stored_array())
        fill = "⊂" + source_text(proto, f64); // `0⍴⊂"  "`, `0⍴⊂[0 0⋄0 0]`
    else
        fill = source_text(proto, f64);
    return shape + "⍴" + fill;
}

// The items of a vector in source form, separated by spaces; `marks` off drops integer marks.
// `gap` (when not npos) puts `…` before that item: an elided vector's middle. `f64`: float64
// marks too (number_text).
std::string strand_items(const std::vector<Value>& items, bool marks, size_t gap = std::string::npos,
                         bool f64 = false) {
    std::string s;
    for (size_t i = 0; i < items.size(); i++) {
        if (i) s += " ";
        if (i == gap) s += "… ";
        const Value& v = items[i];
        s += is_number_atom(v) ? number_text(v, marks, f64) : group_if_spaced(source_text(v, f64));
    }
    return s;
}

bool row_item(const Value& v) {
    return v.is_stored_array() && v.array_data().rank() == 1 && v.array_data().count() > 0 &&
           !is_char_vector(v);
}

// The positions shown along an axis of length n: all of them, or when eliding an axis longer
// than twice the edges, the first and last `edges` with -1 (the gap) between.
std::vector<int64_t> shown(int64_t n, const Elision* elide) {
    std::vector<int64_t> out;
    if (elide && n > 2 * elide->edges) {
        for (int64_t i = 0; i < elide->edges; i++) out.push_back(i);
        out.push_back(-1);
        for (int64_t i = n - elide->edges; i < n; i++) out.push_back(i);
    } else {
        for (int64_t i = 0; i < n; i++) out.push_back(i);
    }
    return out;
}

// The shown items read (the gap left out) and where the gap was (npos: none).
std::vector<Value> shown_items(const ArrayData& a, const std::vector<int64_t>& at, size_t* gap) {
    std::vector<Value> items;
    *gap = std::string::npos;
    for (int64_t i : at) {
        base::check_interrupt();
        if (i < 0) *gap = items.size();
        else items.push_back(a.item(i).read());
    }
    return items;
}

// Elision applies to arrays of more than its limit of items.
const Elision* applies(const ArrayData& a, const Elision* elide) {
    return elide && a.count() > elide->limit ? elide : nullptr;
}

// A vector's text; `elide` (null: none) shortens one of more than its limit of items. `f64`:
// float64 marks too (number_text).
std::string vector_text(const ArrayData& a, const Elision* elide, bool f64) {
    if (a.count() == 0) return empty_text(a, f64);
    std::vector<int64_t> at = shown(a.count(), applies(a, elide));
    size_t gap = std::string::npos;
    if (!a.is_boxed()) {
        if (a.kind() == Kind::Char) {
            std::string s;
            for (int64_t i : at) s += i < 0 ? "…" : utf8(a.items_as<char32_t>()[i]);
            return s;
        }
        std::vector<Value> items = shown_items(a, at, &gap);
        if (const char* mark = group_mark(a.kind(), f64)) return "[" + strand_items(items, false, gap) + "]" + mark;
        if (a.count() == 1) return "[" + strand_items(items, true) + "]";
        return strand_items(items, true, gap);
    }
    std::vector<Value> items = shown_items(a, at, &gap);
    // A strand holds atoms only, or characters and strings only (`'x' 1`, `''' "a""b"`); a
    // string among numbers goes in brackets (`[1 2 "hi"]`, language.md §12.2).
    bool atoms = std::all_of(items.begin(), items.end(),
                             [](const Value& v) { return is_number_atom(v) || v.is_char(); });
    bool texts = std::all_of(items.begin(), items.end(),
                             [](const Value& v) { return v.is_char() || is_char_vector(v); });
    if (items.size() >= 2 && (atoms || texts)) return strand_items(items, true, gap, f64);
    if (items.size() >= 2 && std::all_of(items.begin(), items.end(), row_item)) {
        // rows that are all compact of one kind that takes a group mark: one mark after them
        const ArrayData& first = items[0].array_data();
        const char* mark = first.is_boxed() || first.kind() == Kind::F32 || first.kind() == Kind::F16
                               ? nullptr
                               : group_mark(first.kind(), f64);
        bool one_mark = mark && std::all_of(items.begin(), items.end(), [&](const Value& v) {
            return !v.array_data().is_boxed() && v.array_data().kind() == first.kind();
        });
        std::string s = "(";
        for (size_t i = 0; i < items.size(); i++) {
            if (i) s += "⋄";
            if (i == gap) s += "…⋄";
            s += strand_items(items_of(items[i].array_data()), !one_mark, std::string::npos, f64);
        }
        s += ")";
        if (one_mark) s += mark;
        return s;
    }
    return "[" + strand_items(items, true, gap, f64) + "]";
}

// Source form of a rank ≥ 2 array: `[row⋄row]`, planes nested; `marks` and `f64` as number_text's.
std::string high_source(const ArrayData& a, int64_t axis, int64_t offset, bool marks, bool f64) {
    const auto& shape = a.shape();
    int64_t stride = 1;
    for (size_t i = static_cast<size_t>(axis) + 1; i < shape.size(); i++) stride *= shape[i];
    std::string s = "[";
    for (int64_t i = 0; i < shape[static_cast<size_t>(axis)]; i++) {
        if (i) s += axis + 1 == a.rank() ? " " : "⋄";
        if (axis + 1 == a.rank()) {
            Value v = a.item(offset + i).read();
            s += is_number_atom(v) ? number_text(v, marks, f64) : group_if_spaced(source_text(v, f64));
        } else if (axis + 2 == a.rank()) {
            std::string row = high_source(a, axis + 1, offset + i * stride, marks, f64);
            // a one-item row keeps its brackets: a bare unit row would be a rank-0 cell
            s += shape.back() == 1 ? row : row.substr(1, row.size() - 2);
        } else {
            s += high_source(a, axis + 1, offset + i * stride, marks, f64);
        }
    }
    // one row needs a trailing ⋄, or the brackets would read back as a vector: `[0 1⋄]`
    if (axis + 1 < a.rank() && shape[static_cast<size_t>(axis)] == 1) s += "⋄";
    return s + "]";
}

std::string plain_source(const ArrayData& a, bool f64);

// A key in source form: `"ab"`, quotes doubled.
std::string key_source(const std::string& k) {
    std::string s = "\"";
    for (char c : k) s += c == '"' ? std::string("\"\"") : std::string(1, c);
    return s + "\"";
}

// A keyed vector in bracket notation, `key:` before each keyed item (§12.2): `[10 20 "x":9]`,
// `["aa":3 "bb":5]ₓ`; the empty record `⍬:⍬`. `f64`: float64 marks too (number_text).
std::string record_source(const ArrayData& a, bool f64) {
    const value::Layout& l = *a.layout();
    if (a.count() == 0) return "⍬:" + empty_text(a, f64);
    const char* mark = a.is_boxed() ? nullptr : group_mark(a.kind(), f64);
    std::string s = "[";
    for (int64_t i = 0; i < a.count(); i++) {
        if (i) s += " ";
        if (const auto& k = l.key(0, i)) s += key_source(*k) + ":";
        Value v = a.item(i).read();
        s += is_number_atom(v) ? number_text(v, !mark, f64) : group_if_spaced(source_text(v, f64));
    }
    return s + "]" + (mark ? mark : "");
}

// Keys of the leading keyed axes as `[[k …];[k …]]:` before the plain array (no key: the
// position's number), so the text reads back through `K:Y`. `f64`: float64 marks too.
std::string labelled_source(const ArrayData& a, bool f64) {
    const value::Layout& l = *a.layout();
    bool named = false;
    for (const auto& axis : l.axes()) named = named || axis.name;
    if (named) { // named axes: the keyed shape, then the array without the names (§12.2)
        std::string s = "[";
        std::vector<value::AxisLayout> axes = l.axes();
        for (size_t ax = 0; ax < axes.size(); ax++) {
            if (ax) s += " ";
            if (axes[ax].name) s += key_source(*axes[ax].name) + ":";
            s += std::to_string(a.shape()[ax]);
            axes[ax].name.reset();
        }
        Value rest = value::with_layout(Value::array(base::Ref<ArrayData>(const_cast<ArrayData*>(&a))),
                                        value::Layout::of(std::move(axes)));
        return s + "]⍴" + group_if_spaced(source_text(rest, f64));
    }
    if (a.rank() == 1 && l.is_keyed(0) && !l.axis(0).name) return record_source(a, f64);
    int64_t last = -1;
    for (int64_t ax = 0; ax < l.rank(); ax++)
        if (l.is_keyed(ax)) last = ax;
    std::string s;
    if (last >= 0) {
        s = "[";
        for (int64_t ax = 0; ax <= last; ax++) {
            if (ax) s += ";";
            s += "[";
            for (int64_t i = 0; i < a.shape()[static_cast<size_t>(ax)]; i++) {
                if (i) s += " ";
                const auto& k = l.key(ax, i);
                s += k ? key_source(*k) : std::to_string(i);
            }
            s += "]";
        }
        s += "]:";
    }
    return s + plain_source(a, f64);
}

std::string array_source(const ArrayData& a, bool f64) {
    if (a.layout() && a.layout()->labelled()) return labelled_source(a, f64);
    return plain_source(a, f64);
}

std::string plain_source(const ArrayData& a, bool f64) {
    if (a.rank() == 0) {
        Value v = a.item(0).read();
        if (v.is_function()) return v.function_obj().source() + "ᵘ";
        return "⊂" + source_text(v, f64);
    }
    if (a.count() == 0) return empty_text(a, f64);
    if (a.rank() == 1) {
        if (!a.is_boxed() && a.kind() == Kind::Char) return string_source(a);
        std::string s = vector_text(a, nullptr, f64);
        if (s[0] == '[' || s[0] == '(') return s;
        return "[" + s + "]";
    }
    // one mark after the rows for integers (and float64 with `f64`); float32 items marked each
    const char* mark = a.is_boxed() || a.kind() == Kind::F32 || a.kind() == Kind::F16 ? nullptr
                                                                                     : group_mark(a.kind(), f64);
    return high_source(a, 0, 0, !mark, f64) + (mark ? mark : "");
}

// One matrix cell's text and whether it is a number (numbers align on the decimal point).
struct Cell {
    std::string text;
    bool number = false;
};

// One printed line of a matrix or higher-rank array: a row (the offset of its first item), the
// ⋮ row of an elided row axis, or the ⋮ line of an elided plane axis. `breaks` blank lines
// come before it (one per changed leading index).
struct Line {
    enum Kind { Row, GapRow, GapPlane } kind;
    int64_t offset;
    int breaks;
};

void walk_lines(const value::Shape& shape, const std::vector<int64_t>& stride, const Elision* elide,
                size_t axis, int64_t offset, int& pending, std::vector<Line>& out) {
    size_t rank = shape.size();
    std::vector<int64_t> at = shown(shape[axis], elide);
    for (size_t j = 0; j < at.size(); j++) {
        if (j > 0 && axis + 2 < rank) pending = static_cast<int>(rank - 2 - axis);
        if (at[j] < 0) {
            out.push_back({axis + 2 == rank ? Line::GapRow : Line::GapPlane, -1, pending});
            pending = 0;
        } else if (axis + 2 == rank) {
            out.push_back({Line::Row, offset + at[j] * stride[axis], pending});
            pending = 0;
        } else {
            walk_lines(shape, stride, elide, axis + 1, offset + at[j] * stride[axis], pending, out);
        }
    }
}

// The lines of an array of rank ≥ 2, every row or (eliding) the shown ones.
std::vector<Line> lines_of(const value::Shape& shape, const Elision* elide) {
    std::vector<int64_t> stride(shape.size(), 1);
    for (size_t d = shape.size() - 1; d-- > 0;) stride[d] = stride[d + 1] * shape[d + 1];
    std::vector<Line> out;
    int pending = 0;
    walk_lines(shape, stride, elide, 0, 0, pending, out);
    return out;
}

// A matrix or higher-rank array's text; `elide` (null: none) shortens one of more than its
// limit of items to the edges of each long axis, with … ⋮ ⋱ in the gaps.
std::string matrix_text(const ArrayData& a, const Elision* elide) {
    elide = applies(a, elide);
    std::vector<Line> lines = lines_of(a.shape(), elide);
    std::vector<int64_t> cols = shown(a.shape().back(), elide);
    size_t ncols = cols.size();
    if (!a.is_boxed() && a.kind() == Kind::Char) {
        std::string out;
        for (size_t l = 0; l < lines.size(); l++) {
            if (l) out += "\n";
            out += std::string(static_cast<size_t>(lines[l].breaks), '\n');
            if (lines[l].kind != Line::Row) {
                out += "⋮";
                continue;
            }
            for (int64_t c : cols)
                out += c < 0 ? "…" : utf8(a.items_as<char32_t>()[lines[l].offset + c]);
        }
        return out;
    }
    bool marks = a.is_boxed();
    std::vector<Cell> cells(lines.size() * ncols);
    for (size_t l = 0; l < lines.size(); l++) {
        base::check_interrupt();
        for (size_t j = 0; j < ncols; j++) {
            Cell& c = cells[l * ncols + j];
            if (lines[l].kind == Line::GapRow) {
                c.text = cols[j] < 0 ? "⋱" : "⋮";
                continue;
            }
            if (lines[l].kind == Line::GapPlane) continue;
            if (cols[j] < 0) {
                c.text = "…";
                continue;
            }
            Value v = a.item(lines[l].offset + cols[j]).read();
            if (is_number_atom(v)) {
                c.text = number_text(v, marks);
                c.number = v.kind() != Kind::Bool;
            } else if (is_char_vector(v) && !a.is_boxed()) {
                c.text = plain_text(v.array_data());
            } else {
                c.text = source_form(v);
            }
        }
    }
    // Column layout: numbers split at the decimal point into an integer and a fraction part.
    std::vector<size_t> int_w(ncols, 0), frac_w(ncols, 0), other_w(ncols, 0);
    // The split is the first of a point, an exponent or ⱼ: a complex number aligns on its real part.
    auto split = [](const std::string& t) {
        return std::min({t.find('.'), t.find("ₑ"), t.find("ⱼ"), t.size()});
    };
    for (size_t i = 0; i < cells.size(); i++) {
        size_t c = i % ncols;
        const Cell& cell = cells[i];
        if (cell.number) {
            size_t p = split(cell.text);
            int_w[c] = std::max(int_w[c], width(cell.text.substr(0, p)));
            frac_w[c] = std::max(frac_w[c], width(cell.text.substr(p)));
        } else {
            other_w[c] = std::max(other_w[c], width(cell.text));
        }
    }
    std::string out;
    for (size_t l = 0; l < lines.size(); l++) {
        if (l) out += "\n";
        out += std::string(static_cast<size_t>(lines[l].breaks), '\n');
        if (lines[l].kind == Line::GapPlane) {
            out += "⋮";
            continue;
        }
        for (size_t cu = 0; cu < ncols; cu++) {
            const Cell& cell = cells[l * ncols + cu];
            size_t num_w = int_w[cu] + frac_w[cu];
            size_t col_w = std::max(num_w, other_w[cu]);
            std::string t;
            if (cell.number) {
                size_t p = split(cell.text);
                std::string ip = cell.text.substr(0, p), fp = cell.text.substr(p);
                t = std::string(int_w[cu] - width(ip), ' ') + ip + fp +
                    std::string(frac_w[cu] - width(fp), ' ');
                t = std::string(col_w - width(t), ' ') + t;
            } else if (num_w > 0) {
                t = std::string(col_w - width(cell.text), ' ') + cell.text;
            } else {
                t = cell.text + std::string(col_w - width(cell.text), ' ');
            }
            if (cu) out += " ";
            out += t;
        }
    }
    return out;
}

// A label of a keyed array's table: the key as text, or the position's number.
std::string label(const value::Layout& l, int64_t axis, int64_t pos) {
    const auto& k = l.key(axis, pos);
    return k ? *k : std::to_string(pos);
}

// A keyed array of rank ≥ 2 as a table (§12.3): column keys as a header row, row keys as a left
// column, each column right-aligned to its widest text; rank 3 and up page by page, each page
// headed by the keys that select it and `⌷`, pages apart by a blank line.
std::string keyed_table(const ArrayData& a) {
    const value::Layout& l = *a.layout();
    const auto& shape = a.shape();
    int64_t r = a.rank(), rows = shape[static_cast<size_t>(r - 2)], cols = shape[static_cast<size_t>(r - 1)];
    int64_t pages = rows * cols == 0 ? 0 : a.count() / (rows * cols);
    bool ints = is_compact_int(a);
    std::string out;
    for (int64_t pg = 0; pg < pages; pg++) {
        if (r > 2) { // the page's index: a key or position per leading axis
            if (pg) out += "\n\n";
            int64_t rest = pg;
            std::vector<std::string> idx(static_cast<size_t>(r - 2));
            for (int64_t ax = r - 3; ax >= 0; ax--) {
                int64_t n = shape[static_cast<size_t>(ax)], p = rest % n;
                rest /= n;
                const auto& k = l.key(ax, p);
                idx[static_cast<size_t>(ax)] = k ? key_source(*k) : std::to_string(p);
            }
            for (const std::string& s : idx) out += s + " ";
            out.pop_back(); // the last space
            out += "⌷\n";
        }
        std::vector<std::vector<std::string>> cell(static_cast<size_t>(rows), std::vector<std::string>(static_cast<size_t>(cols)));
        size_t label_w = 0;
        std::vector<size_t> col_w(static_cast<size_t>(cols), 0);
        for (int64_t j = 0; j < cols; j++) col_w[static_cast<size_t>(j)] = width(label(l, r - 1, j));
        for (int64_t i = 0; i < rows; i++) {
            label_w = std::max(label_w, width(label(l, r - 2, i)));
            for (int64_t j = 0; j < cols; j++) {
                Value v = a.item((pg * rows + i) * cols + j).read();
                std::string t = is_number_atom(v) ? number_text(v, !ints) : group_if_spaced(source_form(v));
                col_w[static_cast<size_t>(j)] = std::max(col_w[static_cast<size_t>(j)], width(t));
                cell[static_cast<size_t>(i)][static_cast<size_t>(j)] = std::move(t);
            }
        }
        auto pad = [](const std::string& t, size_t w) { return std::string(w - std::min(w, width(t)), ' ') + t; };
        out += std::string(label_w, ' ');
        for (int64_t j = 0; j < cols; j++) out += " " + pad(label(l, r - 1, j), col_w[static_cast<size_t>(j)]);
        for (int64_t i = 0; i < rows; i++) {
            out += "\n" + pad(label(l, r - 2, i), label_w);
            for (int64_t j = 0; j < cols; j++)
                out += " " + pad(cell[static_cast<size_t>(i)][static_cast<size_t>(j)], col_w[static_cast<size_t>(j)]);
        }
    }
    return out;
}

std::string array_text(const ArrayData& a, const Elision* elide) {
    if (a.layout() && a.layout()->labelled()) {
        bool keyed = false;
        for (int64_t ax = 0; ax < a.rank(); ax++) keyed = keyed || a.layout()->is_keyed(ax);
        if (a.rank() >= 2 && keyed && a.count() > 0) return keyed_table(a);
        return labelled_source(a, false);
    }
    if (a.rank() == 0) return array_source(a, false);
    if (a.count() == 0) return empty_text(a);
    if (a.rank() == 1) return vector_text(a, elide, false);
    return matrix_text(a, elide);
}

// The value read, and a boxed array whose items were pending rebuilt from their read items, so
// that one holding only numbers of one kind displays as the compact array it is.
Value settled(const Value& value) {
    Value v = value.read();
    if (!v.is_stored_array() || !v.array_data().is_boxed()) return v;
    const ArrayData& a = v.array_data();
    bool pending = false;
    for (const Value& item : a.boxed_items()) pending = pending || item.is_pending();
    if (!pending) return v;
    return value::with_layout(value::make_array(a.shape(), items_of(a), a.prototype()), a.layout_ref());
}

// Source form (source_form); `f64` marks float64 numbers as well (number_text).
std::string source_text(const Value& value, bool f64) {
    check_depth();
    Value v = settled(value);
    switch (v.tag()) {
    case Tag::None: return "";
    case Tag::Number:
    case Tag::Complex:
    case Tag::Exact: return number_text(v, true, f64);
    case Tag::Char: return char_source(v.as_char());
    case Tag::Function: return v.function_obj().source();
    case Tag::Array: return array_source(v.array_data(), f64);
    case Tag::Pending: return source_text(v.read(), f64);
    }
    return "";
}

std::string display_text(const Value& value, const Elision* elide) {
    check_depth();
    Value v = settled(value);
    switch (v.tag()) {
    case Tag::None: return "";
    case Tag::Number:
    case Tag::Complex:
    case Tag::Exact: return number_text(v, true);
    case Tag::Char: return char_source(v.as_char());
    case Tag::Function: return v.function_obj().source();
    case Tag::Array: return array_text(v.array_data(), elide);
    case Tag::Pending: return display_text(v.read(), elide);
    }
    return "";
}

} // namespace

std::string format_float(double f) {
    if (std::isnan(f)) return "$n";
    if (std::isinf(f)) return f > 0 ? "∞" : "¯∞";
    return format_finite(f);
}

std::string number_source(const Value& v, bool marked) { return number_text(v, marked); }

std::string source_form(const Value& value, bool mark_float64) { return source_text(value, mark_float64); }

std::string display(const Value& value) { return display_text(value, nullptr); }

std::string display(const Value& value, const Elision& elide) { return display_text(value, &elide); }

DisplaySettings& display_settings() {
    static DisplaySettings settings;
    return settings;
}

} // namespace bpl::lang
