// Boxed mode and function trees (language.md §12.4; display.h): arrays drawn in frames that mark
// their axes and storage, nested arrays boxed in turn, and functions as trees of their parts.
// Plain-mode text (atoms, scalars, keyed tables) comes from display.cpp; no layout rule of plain
// mode lives here.
#include "lang/display.h"

#include "base/error.h"
#include "base/interrupt.h"
#include "base/stack.h"
#include "base/utf8.h"
#include "lang/function.h"
#include "value/array.h"
#include "value/layout.h"

#include <algorithm>
#include <optional>

namespace bpl::lang {

using value::ArrayData;
using value::Kind;
using value::Value;

namespace {

// Columns of text: one per code point (as plain mode measures).
size_t columns(const std::string& s) {
    size_t n = 0;
    for (unsigned char c : s)
        if ((c & 0xC0) != 0x80) n++;
    return n;
}

std::string repeat(const std::string& s, size_t n) {
    std::string out;
    for (size_t i = 0; i < n; i++) out += s;
    return out;
}

// Lines of text and their width; a line shorter than the width is padded on the right.
struct Block {
    std::vector<std::string> lines;
    size_t width = 0;

    static Block of(const std::string& text) {
        Block b;
        size_t from = 0;
        for (;;) {
            size_t nl = text.find('\n', from);
            b.lines.push_back(text.substr(from, nl == std::string::npos ? std::string::npos : nl - from));
            if (nl == std::string::npos) break;
            from = nl + 1;
        }
        b.measure();
        return b;
    }
    void measure() {
        width = 0;
        for (const std::string& l : lines) width = std::max(width, columns(l));
    }
    std::string line(size_t row) const {
        std::string s = row < lines.size() ? lines[row] : "";
        return s + std::string(width - columns(s), ' ');
    }
    std::string text() const {
        std::string out;
        for (size_t i = 0; i < lines.size(); i++) out += (i ? "\n" : "") + lines[i];
        return out;
    }
    // `key:` before the first line, its width of spaces before the others.
    void label(const std::string& key) {
        std::string head = key + ":";
        std::string pad(columns(head), ' ');
        for (size_t i = 0; i < lines.size(); i++) lines[i] = (i ? pad : head) + lines[i];
        width += columns(head);
    }
    // The frame: `┌→──┐` on top (`⊖` for an empty last axis), `↓` (`⌽` empty) on the left of the
    // first rank-1 lines, the storage marker on the bottom edge; `padded` leaves a space each side.
    void frame(const value::Shape& shape, const std::string& marker, bool padded) {
        size_t rank = shape.size(), pad = padded ? 1 : 0;
        size_t inner = std::max({width + 2 * pad, rank ? rank - 1 : 0, size_t{1}});
        std::string top = rank == 0 ? "─" : shape.back() == 0 ? "⊖" : "→";
        std::vector<std::string> out{"┌" + top + repeat("─", inner - 1) + "┐"};
        size_t rows = std::max(lines.size(), rank ? rank - 1 : 0);
        for (size_t r = 0; r < rows; r++) {
            std::string side = r + 1 < rank ? (shape[r] == 0 ? "⌽" : "↓") : "│";
            out.push_back(side + std::string(pad, ' ') + line(r) + std::string(inner - width - pad, ' ') + "│");
        }
        out.push_back("└" + marker + repeat("─", inner - 1) + "┘");
        lines = std::move(out);
        width = inner + 2;
    }
};

// A number column aligned on the decimal point (or an exponent, or ⱼ): widths before and from it.
struct Decimals {
    size_t left = 0, right = 0;
    static Decimals of(const std::string& t) {
        size_t p = std::min({t.find('.'), t.find("ₑ"), t.find("ⱼ"), t.size()});
        return {columns(t.substr(0, p)), columns(t.substr(p))};
    }
    size_t width() const { return left + right; }
};

// One cell of a grid: its block and, for a number (or a gap marker), its decimal widths.
struct Cell {
    Block block;
    std::optional<Decimals> number;
};

// The storage marker of an array's bottom edge.
std::string marker(const ArrayData& a) {
    if (a.is_boxed()) return "+";
    Kind k = a.kind();
    if (k == Kind::Bool) return "$";
    if (k == Kind::Char) return "─";
    if (number::is_complex(k)) return "j";
    if (number::is_float(k)) return "~";
    if (number::is_integer(k)) return "ₓ";
    return "+";
}

// The positions shown along an axis of `n`: all, or the first and last `edges` and -1 between.
std::vector<int64_t> positions(int64_t n, std::optional<int64_t> edges) {
    std::vector<int64_t> out;
    bool gap = edges && n > 2 * *edges;
    int64_t head = gap ? *edges : n, tail = gap ? n - *edges : n;
    for (int64_t i = 0; i < head; i++) out.push_back(i);
    if (gap) out.push_back(-1);
    for (int64_t i = tail; i < n; i++) out.push_back(i);
    return out;
}

// One row of the grid: blank lines before it, its first item's offset (-1 in a gap of rows).
struct Row {
    size_t breaks;
    int64_t start;
};

// The rows shown of an array of `shape` (rank ≥ 1): one per index of the leading axes, a blank
// line before a row for each axis before the last two whose index changes there.
std::vector<Row> rows_of(const value::Shape& shape, std::optional<int64_t> edges) {
    size_t rank = shape.size();
    struct Frame {
        std::optional<size_t> changed;
        std::optional<std::vector<int64_t>> index;
    };
    std::vector<Frame> frames{{std::nullopt, std::vector<int64_t>{}}};
    for (size_t axis = 0; axis + 1 < rank; axis++) {
        std::vector<Frame> next;
        for (const Frame& f : frames) {
            if (!f.index) {
                next.push_back(f);
                continue;
            }
            std::vector<int64_t> at = positions(shape[axis], edges);
            for (size_t i = 0; i < at.size(); i++) {
                Frame g{i == 0 ? f.changed : std::optional<size_t>(axis), std::nullopt};
                if (at[i] >= 0) {
                    g.index = *f.index;
                    g.index->push_back(at[i]);
                }
                next.push_back(std::move(g));
            }
        }
        frames = std::move(next);
    }
    std::vector<Row> rows;
    for (const Frame& f : frames) {
        size_t breaks = f.changed ? rank - 2 - *f.changed : 0;
        int64_t start = -1;
        if (f.index) {
            start = 0;
            for (size_t ax = 0; ax < f.index->size(); ax++) start = start * shape[ax] + (*f.index)[ax];
            start *= shape.back();
        }
        rows.push_back({breaks, start});
    }
    return rows;
}

// The grid's lines: cells in columns, one space apart when `spaced`; numbers aligned on the
// decimal point, other cells to the left.
std::vector<std::string> grid(const std::vector<std::pair<size_t, std::vector<Cell>>>& rows, bool spaced) {
    size_t ncols = rows.empty() ? 0 : rows[0].second.size();
    std::vector<size_t> widths(ncols, 1);
    std::vector<Decimals> dec(ncols);
    for (const auto& [breaks, cells] : rows)
        for (size_t x = 0; x < cells.size(); x++) {
            widths[x] = std::max(widths[x], cells[x].block.width);
            if (cells[x].number) {
                dec[x].left = std::max(dec[x].left, cells[x].number->left);
                dec[x].right = std::max(dec[x].right, cells[x].number->right);
            }
        }
    for (size_t x = 0; x < ncols; x++) widths[x] = std::max(widths[x], dec[x].width());
    std::vector<std::string> lines;
    for (const auto& [breaks, cells] : rows) {
        base::check_interrupt();
        for (size_t b = 0; b < breaks; b++) lines.emplace_back();
        size_t height = 1;
        for (const Cell& c : cells) height = std::max(height, c.block.lines.size());
        for (size_t y = 0; y < height; y++) {
            std::string line;
            for (size_t x = 0; x < cells.size(); x++) {
                const Cell& c = cells[x];
                if (x && spaced) line += ' ';
                size_t before = 0, after = widths[x] - c.block.width;
                if (c.number) {
                    before = dec[x].left - c.number->left + widths[x] - dec[x].width();
                    after = dec[x].right - c.number->right;
                }
                line += std::string(before, ' ') + c.block.line(y) + std::string(after, ' ');
            }
            lines.push_back(std::move(line));
        }
    }
    return lines;
}

Block diagram(const Value& value, const Elision* elide);

// An item's cell inside a box of `kind`: an `ₓ` box drops the integer marks it already states.
Cell item_cell(const Value& item, const std::string& kind, const Elision* elide) {
    if (item.is_stored_array()) return {diagram(item, elide), std::nullopt};
    if (item.is_char()) {
        char32_t c = item.as_char();
        std::string s;
        if (c < 32 || c == 127) s = "\\u{" + std::to_string(static_cast<uint32_t>(c)) + "}";
        else base::append_utf8(s, c);
        return {Block::of(s), std::nullopt};
    }
    if (item.is_number() || item.is_complex() || item.is_exact()) {
        std::string t = number_source(item, kind != "ₓ");
        return {Block::of(t), Decimals::of(t)};
    }
    return {Block::of(display(item)), std::nullopt}; // a function
}

Block diagram(const Value& value, const Elision* elide) {
    base::check_interrupt();
    if (base::stack_nearly_full())
        throw base::Error(base::ErrorKind::Limit, "an array nested too deeply to display");
    Value v = value.read();
    if (!v.is_stored_array() || v.array_data().rank() == 0) return Block::of(display(v));
    const ArrayData& a = v.array_data();
    const value::Layout* layout = a.layout() ? &*a.layout() : nullptr;
    bool keyed = layout && layout->labelled();
    if (keyed && a.rank() == 1 && a.count() == 0) return Block::of(display(v));
    if (keyed && a.rank() > 1) {
        Block b = Block::of(display(v)); // a table with its keys, framed
        b.frame(a.shape(), marker(a), false);
        return b;
    }
    // An empty axis shows the prototype in its place.
    value::Shape shape = a.shape();
    int64_t count = 1;
    for (int64_t& d : shape) {
        d = std::max<int64_t>(d, 1);
        count = count > INT64_MAX / d ? INT64_MAX : count * d;
    }
    std::optional<int64_t> edges;
    if (elide && count > elide->limit) edges = elide->edges;
    bool nested = false, chars = true;
    auto item_at = [&](int64_t i) { return (a.count() == 0 ? a.prototype() : a.item(i)).read(); };
    std::vector<Row> rows = rows_of(shape, edges);
    std::vector<int64_t> cols = positions(shape.back(), edges);
    // First pass: what the shown items are (nested? all characters?) decides the marker.
    std::vector<std::pair<size_t, std::vector<Value>>> shown;
    for (const Row& r : rows) {
        std::vector<Value> row;
        for (int64_t c : cols) {
            if (r.start < 0 || c < 0) {
                row.emplace_back();
                continue;
            }
            Value item = item_at(r.start + c);
            nested = nested || item.is_stored_array();
            chars = chars && item.is_char();
            row.push_back(std::move(item));
        }
        shown.emplace_back(r.breaks, std::move(row));
    }
    std::string kind = nested ? "∊" : marker(a);
    std::vector<std::pair<size_t, std::vector<Cell>>> cells;
    for (size_t ri = 0; ri < rows.size(); ri++) {
        std::vector<Cell> row;
        for (size_t ci = 0; ci < cols.size(); ci++) {
            if (rows[ri].start < 0 || cols[ci] < 0) {
                std::string gap = rows[ri].start >= 0 ? "…" : cols[ci] >= 0 ? "⋮" : "⋱";
                row.push_back({Block::of(gap), Decimals{1, 0}});
                continue;
            }
            Cell cell = item_cell(shown[ri].second[ci], kind, elide);
            if (keyed && a.rank() == 1) {
                if (const auto& key = layout->key(0, rows[ri].start + cols[ci])) {
                    cell.block.label(*key);
                    cell.number.reset();
                }
            }
            row.push_back(std::move(cell));
        }
        cells.emplace_back(rows[ri].breaks, std::move(row));
    }
    Block b;
    b.lines = grid(cells, !(chars && !keyed));
    b.measure();
    b.frame(a.shape(), kind, nested);
    return b;
}

// A tree's lines: the node's label (a multi-line label joined by ` ⋄ `), then each part's
// lines behind `├─ ` (`└─ ` the last), and `│  ` (or spaces) before the lines below a part.
void tree_lines(const TreeNode& t, const std::string& prefix, const std::string& edge, const std::string& next,
                std::vector<std::string>& out) {
    base::check_interrupt();
    if (base::stack_nearly_full())
        throw base::Error(base::ErrorKind::Limit, "a tree nested too deeply to display");
    std::string joined;
    for (char c : t.label) joined += c == '\n' ? std::string(" ⋄ ") : std::string(1, c);
    out.push_back(prefix + edge + joined);
    for (size_t i = 0; i < t.parts.size(); i++) {
        bool last = i + 1 == t.parts.size();
        tree_lines(t.parts[i], prefix + next, last ? "└─ " : "├─ ", last ? "   " : "│  ", out);
    }
}

} // namespace

std::string boxed(const Value& v, const Elision* elide) { return diagram(v, elide).text(); }

TreeNode function_node(const Value& f) {
    base::check_interrupt();
    if (base::stack_nearly_full())
        throw base::Error(base::ErrorKind::Limit, "a function nested too deeply to display");
    TreeNode t;
    std::vector<Value> parts;
    if (f.is_function()) parts = fn_of(f).tree_parts(&t.label);
    if (parts.empty()) t.label = f.is_function() ? f.function_obj().source() : source_form(f);
    for (const Value& p : parts) t.parts.push_back(function_node(p));
    return t;
}

std::string draw_tree(const TreeNode& t) {
    std::vector<std::string> lines;
    tree_lines(t, "", "", "", lines);
    std::string out;
    for (size_t i = 0; i < lines.size(); i++) out += (i ? "\n" : "") + lines[i];
    return out;
}

std::string function_tree(const Value& f) {
    Value v = f.read();
    if (!v.is_function()) return display(v);
    return draw_tree(function_node(v));
}

std::string result_text(const Value& value) {
    const DisplaySettings& s = display_settings();
    Value v = value.read();
    if (v.is_function()) return s.trees ? function_tree(v) : display(v);
    return s.box ? boxed(v, &s.elide) : display(v, s.elide);
}

std::string explicit_text(const Value& value, bool in_dfn) {
    const DisplaySettings& s = display_settings();
    Value v = value.read();
    if (v.is_function()) return s.trees ? function_tree(v) : display(v);
    return s.box && (!in_dfn || s.fns) ? boxed(v, nullptr) : display(v);
}

} // namespace bpl::lang
