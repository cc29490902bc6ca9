// ⍕Y's layout (functions.md §10.1, the corpus's monadic-format cases): text stays as it is;
// numbers of rank ≥ 2 make one grid that keeps the leading axes; a mixed or nested array lays
// out each item's own ⍕ text as a cell of a grid whose spacing depends on what each column
// holds. Interrupts are checked once per item and per row.
#include "lang/display.h"

#include "base/error.h"
#include "base/interrupt.h"
#include "base/stack.h"
#include "base/utf8.h"
#include "lang/cells.h"
#include "prim/factory.h"
#include "program/plan.h"
#include "value/array.h"

#include <algorithm>

namespace bpl::lang {

using value::ArrayData;
using value::Kind;
using value::Shape;
using value::Value;

namespace {

// A character array under construction: its shape and its characters in ravel order.
struct Text {
    Shape shape;
    std::u32string chars;
};

// A number's text split for alignment at its first point, exponent or ⱼ: the characters before
// and from there on (a complex number aligns on its real part, as display's matrices do).
struct Decimals {
    size_t left = 0, right = 0;
    size_t width() const { return left + right; }
    static Decimals of(const std::u32string& t) {
        size_t p = std::min({t.find(U'.'), t.find(U'ₑ'), t.find(U'ⱼ'), t.size()});
        return {p, t.size() - p};
    }
    void fit(Decimals d) {
        left = std::max(left, d.left);
        right = std::max(right, d.right);
    }
};

bool is_number_atom(const Value& v) { return v.is_number() || v.is_complex() || v.is_exact(); }

std::u32string number_chars(const Value& v) { return base::decode_utf8(number_source(v, false)); }

// Text as the lines it shows: one for a unit or vector, the rows of a matrix, and for higher
// ranks the rows with a blank line before each row that starts a new plane (one per axis before
// the last two whose index changes there).
std::vector<std::u32string> lines_of(const Text& t) {
    size_t rank = t.shape.size();
    if (rank <= 1) return {t.chars};
    size_t cols = static_cast<size_t>(t.shape.back()), rows = 1;
    for (size_t d = 0; d + 1 < rank; d++) rows *= static_cast<size_t>(t.shape[d]);
    std::vector<std::u32string> out;
    for (size_t r = 0; r < rows; r++) {
        size_t breaks = 0, block = 1;
        for (size_t d = rank - 2; r > 0 && d-- > 0;) {
            block *= static_cast<size_t>(t.shape[d + 1]);
            if (r % block == 0) breaks = rank - 2 - d; // the outermost axis that changes here
        }
        for (size_t b = 0; b < breaks; b++) out.emplace_back(cols, U' ');
        out.push_back(t.chars.substr(r * cols, cols));
    }
    return out;
}

// One cell of a grid: its lines, their width, for a number atom its alignment, and whether it
// holds an array.
struct Cell {
    std::vector<std::u32string> lines;
    size_t width = 0;
    bool number = false;
    bool nested = false;
    Decimals dec;
};

// A laid-out grid: its width and each row's lines.
struct Grid {
    size_t width = 0;
    std::vector<std::vector<std::u32string>> rows;
};

// Lays out rows of `columns` cells. `per_column` off: numbers of one kind of column, one space
// between cells (a numeric array). On: a space follows a column of numbers without arrays, and
// comes before a column of nothing but numbers; a column with an array has a space after each
// cell and before each cell other than a number; other cells align right in a column with
// numbers, left elsewhere. Numbers align on their decimal points in every column.
Grid grid(size_t columns, const std::vector<std::vector<Cell>>& rows, bool per_column) {
    std::vector<bool> nested(columns, false);
    std::vector<Decimals> dec(columns);
    std::vector<size_t> widths(columns, 1);
    for (const auto& row : rows)
        for (size_t x = 0; x < columns; x++) nested[x] = nested[x] || (per_column && row[x].nested);
    auto lead = [&](size_t x, const Cell& c) -> size_t { return nested[x] && !c.number ? 1 : 0; };
    for (const auto& row : rows)
        for (size_t x = 0; x < columns; x++) {
            const Cell& c = row[x];
            widths[x] = std::max(widths[x], lead(x, c) + c.width);
            if (c.number) dec[x].fit(c.dec);
        }
    std::vector<bool> numeric(columns), separated(columns, false);
    for (size_t x = 0; x < columns; x++) {
        widths[x] = std::max(widths[x], dec[x].width());
        numeric[x] = dec[x].width() > 0;
    }
    Grid g;
    for (size_t x = 0; x < columns; x++) {
        if (x > 0)
            separated[x] = per_column ? (numeric[x - 1] && !nested[x - 1]) ||
                                            (numeric[x] && widths[x] == dec[x].width())
                                      : true;
        g.width += widths[x] + (separated[x] ? 1 : 0) + (nested[x] ? 1 : 0);
    }
    for (const auto& row : rows) {
        base::check_interrupt();
        size_t height = 1;
        for (const Cell& c : row) height = std::max(height, c.lines.size());
        std::vector<std::u32string> lines;
        for (size_t y = 0; y < height; y++) {
            std::u32string line;
            for (size_t x = 0; x < columns; x++) {
                const Cell& c = row[x];
                if (separated[x]) line += U' ';
                size_t extra = widths[x] - lead(x, c) - c.width, before, after;
                if (c.number) {
                    before = dec[x].left - c.dec.left + widths[x] - dec[x].width();
                    after = dec[x].right - c.dec.right;
                } else if (numeric[x]) {
                    before = extra, after = 0;
                } else {
                    before = 0, after = extra;
                }
                line.append(before + lead(x, c), U' ');
                std::u32string s = y < c.lines.size() ? c.lines[y] : std::u32string();
                line += s;
                line.append(c.width - s.size() + after + (nested[x] ? 1 : 0), U' ');
            }
            lines.push_back(std::move(line));
        }
        g.rows.push_back(std::move(lines));
    }
    return g;
}

Text format_text(const Value& value, bool inner);

// The items of an array in ravel order (cells.h), each read.
std::vector<Value> read_items(const Value& v) {
    std::vector<Value> items = items_of(v);
    for (Value& x : items) {
        base::check_interrupt();
        x = x.read();
    }
    return items;
}

Text vector_text(std::u32string s) {
    Text t;
    t.shape = {static_cast<int64_t>(s.size())};
    t.chars = std::move(s);
    return t;
}

// Rows of cells as one character array: rank ≥ 3 keeps the leading axes, with each plane as tall
// as the tallest; a matrix, or a vector or unit with an item of several lines, is a matrix; else
// a vector.
Text assemble(const Shape& shape, const Grid& g, bool matrix) {
    size_t rank = shape.size();
    size_t per_plane = rank > 2 ? static_cast<size_t>(shape[rank - 2]) : g.rows.size();
    std::vector<std::vector<std::u32string>> planes;
    for (size_t r = 0; r < g.rows.size(); r++) {
        if (per_plane == 0 || r % per_plane == 0) planes.emplace_back();
        auto& p = planes.back();
        p.insert(p.end(), g.rows[r].begin(), g.rows[r].end());
    }
    size_t height = 0;
    for (const auto& p : planes) height = std::max(height, p.size());
    Text t;
    if (rank > 2) {
        t.shape.assign(shape.begin(), shape.end() - 2);
        t.shape.push_back(static_cast<int64_t>(height));
        t.shape.push_back(static_cast<int64_t>(g.width));
    } else if (matrix || rank == 2) {
        t.shape = {static_cast<int64_t>(height), static_cast<int64_t>(g.width)};
    } else {
        t.shape = {static_cast<int64_t>(g.width)};
    }
    for (const auto& p : planes) {
        for (const auto& line : p) t.chars += line;
        t.chars.append((height - p.size()) * g.width, U' ');
    }
    return t;
}

// The rows of an array's cells: one per row of the last axis (a unit or vector is one row).
template <class MakeCell>
std::vector<std::vector<Cell>> cell_rows(const std::vector<Value>& items, size_t columns, MakeCell make) {
    std::vector<std::vector<Cell>> rows;
    for (size_t start = 0; start < items.size(); start += columns) {
        std::vector<Cell> row;
        for (size_t j = 0; j < columns; j++) row.push_back(make(items[start + j]));
        rows.push_back(std::move(row));
    }
    return rows;
}

// Numbers of rank ≥ 2: one uniform grid, a row per row of the last axis, the leading axes kept.
Text numeric_grid(const ArrayData& a, const std::vector<Value>& items) {
    size_t columns = static_cast<size_t>(a.shape().back());
    auto rows = cell_rows(items, columns, [](const Value& v) {
        Cell c;
        c.lines = {number_chars(v)};
        c.width = c.lines[0].size();
        c.number = true;
        c.dec = Decimals::of(c.lines[0]);
        return c;
    });
    if (columns == 0) { // an empty row per row: their count saturates (⍳⊖⍳66's axes overflow int64)
        int64_t n = value::count_of(Shape(a.shape().begin(), a.shape().end() - 1));
        prim::check_count(n);
        program::check_memory(n * static_cast<int64_t>(sizeof(std::vector<Cell>)));
        rows.assign(static_cast<size_t>(n), {});
    }
    Text t = assemble(a.shape(), grid(columns, rows, false), true);
    if (a.rank() == 2) t.shape[0] = a.shape()[0]; // no row is taller than one line
    return t;
}

// A mixed or nested array: each item's own text is one cell.
Text cells_text(const ArrayData& a, const std::vector<Value>& items) {
    if (a.count() == 0) return vector_text(U"");
    size_t columns = a.rank() == 0 ? 1 : static_cast<size_t>(a.shape().back());
    bool matrix = a.rank() > 1;
    auto rows = cell_rows(items, columns, [&](const Value& v) {
        Text t = format_text(v, true);
        matrix = matrix || t.shape.size() > 1;
        Cell c;
        c.lines = lines_of(t);
        for (const auto& l : c.lines) c.width = std::max(c.width, l.size());
        c.number = is_number_atom(v);
        if (c.number) c.dec = Decimals::of(c.lines[0]);
        c.nested = v.is_stored_array();
        return c;
    });
    return assemble(a.shape(), grid(columns, rows, true), matrix);
}

bool all_of(const std::vector<Value>& items, bool (*test)(const Value&)) {
    for (const Value& v : items)
        if (!test(v)) return false;
    return true;
}

bool is_char(const Value& v) { return v.is_char(); }

// `inner`: an item of an array being laid out, whose numbers show without marks.
Text format_text(const Value& value, bool inner) {
    if (base::stack_nearly_full())
        throw base::Error(base::ErrorKind::Limit, "an array nested too deeply to format");
    base::check_interrupt();
    Value v = value.read();
    if (v.is_char()) return Text{{}, std::u32string(1, v.as_char())};
    if (is_number_atom(v)) return vector_text(inner ? number_chars(v) : base::decode_utf8(display(v)));
    if (!v.is_stored_array()) return vector_text(base::decode_utf8(display(v)));
    const ArrayData& a = v.array_data();
    // each item read once (a pending item read twice would run twice at every depth)
    std::vector<Value> items = read_items(v);
    Value proto = items.empty() ? a.prototype().read() : items[0];
    if (proto.is_char() && all_of(items, is_char)) {
        Text t;
        t.shape = a.shape();
        for (const Value& c : items) t.chars += c.as_char();
        return t;
    }
    if (is_number_atom(proto) && all_of(items, is_number_atom)) {
        if (a.rank() >= 2) return numeric_grid(a, items);
        if (!inner && a.count() > 0) return vector_text(base::decode_utf8(display(v)));
        std::u32string s;
        for (const Value& n : items) {
            if (!s.empty()) s += U' ';
            s += number_chars(n);
        }
        return vector_text(s);
    }
    return cells_text(a, items);
}

} // namespace

Value format_array(const Value& v) {
    Text t = format_text(v, false);
    if (t.shape.empty()) return Value::character(t.chars[0]); // a character is its own text
    auto a = ArrayData::compact(Kind::Char, t.shape);
    std::copy(t.chars.begin(), t.chars.end(), a->items_as<char32_t>());
    return Value::array(a);
}

} // namespace bpl::lang
