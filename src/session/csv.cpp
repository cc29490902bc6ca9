// •csv (operators-and-system.md §21.2): an RFC 4180 reader of our own that types each column in
// the same pass (integers exact, decimals and exponents float64, anything else text; missing
// cells ignored for typing: $n in numeric columns, "" in text ones). The result is a record of
// columns named by the header; until keyed vectors exist (issue 16) the record is the vector of
// its columns (names.h), so only that final assembly waits on keys.
#include "session/names.h"

#include "base/error.h"
#include "value/array.h"
#include "value/layout.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <string>
#include <unordered_set>
#include <vector>

namespace bpl::session {

using base::Error;
using base::ErrorKind;
using number::Kind;
using value::ArrayData;

namespace {

constexpr uint32_t IN_CELLS = uint32_t{1} << 31;

enum class Type : uint8_t { Empty, Int, Float, Text }; // Empty: no present cell yet

// One column as it is read: its type so far, its numbers, and every cell's text span.
struct Column {
    Type type = Type::Empty;
    std::vector<int64_t> ints;  // while Int (missing cells hold 0, flagged in `missing`)
    std::vector<double> floats; // once Float
    std::vector<uint8_t> missing;
    // offset and length of each cell's text: in the text, or in `cells` when IN_CELLS is set in
    // the offset (a quoted cell with doubled quotes, unescaped)
    std::vector<std::pair<uint32_t, uint32_t>> spans;
};

struct Table {
    std::vector<std::string> header;
    std::vector<Column> columns;
    std::u32string cells; // unescaped quoted cells
    int64_t rows = 0;
};

// Copies an ASCII cell of fewer than 64 characters into buf (numbers are such cells); false for
// any other cell.
bool ascii(std::u32string_view s, char (&buf)[64]) {
    if (s.size() >= sizeof buf) return false;
    for (size_t i = 0; i < s.size(); i++) {
        if (s[i] >= 0x80) return false;
        buf[i] = static_cast<char>(s[i]);
    }
    return true;
}

// An integer cell: optional sign, digits only, fitting 64 bits.
bool as_int(std::u32string_view cell, int64_t& out) {
    char buf[64];
    if (!ascii(cell, buf)) return false;
    const char* b = buf;
    const char* e = b + cell.size();
    if (b != e && *b == '+') b++;
    auto r = std::from_chars(b, e, out);
    return r.ec == std::errc() && r.ptr == e && b != e;
}

// A float cell: decimals, exponents, inf, nan (from_chars' grammar).
bool as_float(std::u32string_view cell, double& out) {
    char buf[64];
    if (!ascii(cell, buf)) return false;
    const char* b = buf;
    const char* e = b + cell.size();
    if (b != e && *b == '+') b++;
    auto r = std::from_chars(b, e, out);
    return r.ec == std::errc() && r.ptr == e && b != e;
}

void add_cell(Table& t, Column& c, std::u32string_view text, std::u32string_view cell, bool in_cells) {
    uint32_t offset = static_cast<uint32_t>(in_cells ? cell.data() - t.cells.data() : cell.data() - text.data());
    c.spans.push_back({in_cells ? offset | IN_CELLS : offset, static_cast<uint32_t>(cell.size())});
    bool missing = cell.empty();
    c.missing.push_back(missing);
    if (missing || c.type == Type::Text) {
        if (c.type == Type::Int || c.type == Type::Empty) c.ints.push_back(0);
        else if (c.type == Type::Float) c.floats.push_back(0);
        return;
    }
    int64_t i;
    double d;
    if ((c.type == Type::Int || c.type == Type::Empty) && as_int(cell, i)) {
        c.type = Type::Int;
        c.ints.push_back(i);
        return;
    }
    if (c.type != Type::Text && as_float(cell, d)) {
        if (c.type != Type::Float) { // promote the integers so far
            c.floats.assign(c.ints.begin(), c.ints.end());
            c.ints.clear();
            c.type = Type::Float;
        }
        c.floats.push_back(d);
        return;
    }
    c.type = Type::Text;
    c.ints.clear();
    c.floats.clear();
}

// Reads RFC 4180 text (separator ',', quote '"', doubled quotes inside quotes, CRLF or LF).
Table read_table(std::u32string_view text) {
    Table t;
    t.cells.reserve(64);
    size_t i = 0, n = text.size();
    bool header_done = false;
    std::vector<std::pair<std::u32string_view, bool>> row; // a record's cells (in `cells`?)
    std::vector<std::pair<size_t, size_t>> quoted;       // offsets of quoted cells in `cells`
    int64_t line = 1;
    while (i < n) {
        row.clear();
        quoted.clear();
        // one record
        while (true) {
            if (i < n && text[i] == U'"') {
                size_t start = t.cells.size();
                i++;
                while (true) {
                    if (i >= n) throw Error(ErrorKind::Domain, "•csv: a quoted cell is not closed (record " + std::to_string(line) + ")");
                    char32_t c = text[i];
                    if (c == U'"') {
                        if (i + 1 < n && text[i + 1] == U'"') {
                            t.cells += U'"';
                            i += 2;
                            continue;
                        }
                        i++;
                        break;
                    }
                    t.cells += c;
                    i++;
                }
                quoted.push_back({start, t.cells.size() - start});
                row.push_back({std::u32string_view(), true});
                if (i < n && text[i] != U',' && text[i] != U'\n' && text[i] != U'\r')
                    throw Error(ErrorKind::Domain, "•csv: text after a closing quote (record " + std::to_string(line) + ")");
            } else {
                size_t start = i;
                while (i < n && text[i] != U',' && text[i] != U'\n' && text[i] != U'\r') i++;
                row.push_back({text.substr(start, i - start), false});
            }
            if (i < n && text[i] == U',') {
                i++;
                continue;
            }
            if (i < n && text[i] == U'\r') i++;
            if (i < n && text[i] == U'\n') i++;
            break;
        }
        // quoted cells point into `cells`, which may have moved while the record grew
        size_t q = 0;
        for (auto& [cell, is_quoted] : row)
            if (is_quoted) {
                cell = std::u32string_view(t.cells).substr(quoted[q].first, quoted[q].second);
                q++;
            }
        if (row.size() == 1 && !row[0].second && row[0].first.empty()) { // a blank line
            line++;
            continue;
        }
        if (!header_done) {
            std::unordered_set<std::string> seen;
            for (const auto& [cell, is_quoted] : row) {
                std::string h = utf8(std::u32string(cell));
                if (!seen.insert(h).second) throw Error(ErrorKind::Domain, "•csv: the header \"" + h + "\" is repeated");
                t.header.push_back(std::move(h));
            }
            t.columns.resize(t.header.size());
            header_done = true;
        } else {
            if (row.size() != t.columns.size())
                throw Error(ErrorKind::Length, "•csv: record " + std::to_string(line) + " has " +
                                                   std::to_string(row.size()) + " cells, the header " +
                                                   std::to_string(t.columns.size()));
            for (size_t k = 0; k < row.size(); k++) add_cell(t, t.columns[k], text, row[k].first, row[k].second);
            t.rows++;
        }
        line++;
        if (t.cells.size() >= IN_CELLS || i >= IN_CELLS)
            throw Error(ErrorKind::Limit, "•csv: the text is too long");
    }
    return t;
}

Value column_value(const Table& t, const Column& c, std::u32string_view text) {
    int64_t n = t.rows;
    auto cell_text = [&](size_t r) {
        auto [offset, len] = c.spans[r];
        std::u32string_view src = offset & IN_CELLS ? std::u32string_view(t.cells) : text;
        return value::char_vector(std::u32string(src.substr(offset & ~IN_CELLS, len)));
    };
    bool any_missing = false;
    for (uint8_t m : c.missing) any_missing = any_missing || m;
    if (c.type == Type::Int && !any_missing) {
        base::Ref<ArrayData> a = ArrayData::compact(Kind::Int, {n});
        std::copy(c.ints.begin(), c.ints.end(), a->items_as<int64_t>());
        return Value::array(std::move(a));
    }
    if (c.type == Type::Float || (c.type == Type::Int && any_missing)) {
        if (c.type == Type::Int) { // an integer column stays exact: $n among exact integers
            std::vector<Value> items;
            for (int64_t r = 0; r < n; r++)
                items.push_back(c.missing[static_cast<size_t>(r)] ? Value::real(std::numeric_limits<double>::quiet_NaN())
                                                                  : Value::integer(c.ints[static_cast<size_t>(r)]));
            return value::make_array({n}, std::move(items));
        }
        base::Ref<ArrayData> a = ArrayData::compact(Kind::F64, {n});
        double* p = a->items_as<double>();
        for (int64_t r = 0; r < n; r++)
            p[r] = c.missing[static_cast<size_t>(r)] ? std::numeric_limits<double>::quiet_NaN() : c.floats[static_cast<size_t>(r)];
        return Value::array(std::move(a));
    }
    std::vector<Value> items; // text, and an all-missing column
    items.reserve(static_cast<size_t>(n));
    for (int64_t r = 0; r < n; r++) items.push_back(cell_text(static_cast<size_t>(r)));
    return value::make_array({n}, std::move(items), value::char_vector(U""));
}

} // namespace

Value csv_monad(const Value& omega) {
    // a compact string is read in place (its code points); anything else through chars_of
    Value r = omega.read();
    std::u32string copy;
    std::u32string_view text;
    if (r.is_stored_array() && r.rank() == 1 && !r.array_data().is_boxed() && r.kind() == Kind::Char) {
        text = std::u32string_view(r.array_data().items_as<char32_t>(), static_cast<size_t>(r.count()));
    } else {
        copy = chars_of(r, "•csv's text");
        text = copy;
    }
    if (text.empty()) return value::make_array({0}, {}, value::char_vector(U""));
    Table t = read_table(text);
    std::vector<std::pair<std::string, Value>> columns;
    for (size_t k = 0; k < t.columns.size(); k++) columns.push_back({t.header[k], column_value(t, t.columns[k], text)});
    return value::record(std::move(columns));
}

} // namespace bpl::session
