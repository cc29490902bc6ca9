// •csv (operators-and-system.md §21.2): an RFC 4180 reader of our own that types each column in
// the same pass (integers exact, decimals and exponents float64, anything else text; missing
// cells ignored for typing: $n or the `fill` in numeric columns, "" in text ones). The result is
// a record of columns named by the header (without a header, a vector of columns). Options
// (dyadic, every reading option of §21.2): header, separator (the main option), quotechar,
// doublequote, escapechar, decimal, thousands, trim, missing, fill, and the column selectors
// text_columns and numeric_columns (names or positions).
#include "session/names.h"

#include "base/error.h"
#include "lang/cells.h"
#include "value/array.h"
#include "value/layout.h"

#include <algorithm>
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

constexpr char32_t NONE = CSV_NONE;

// Empty: no present cell yet; Mixed: integers that float64 cannot hold exactly beside floats,
// each kept as it is (a boxed column)
enum class Type : uint8_t { Empty, Int, Float, Mixed, Text };
// How a column is typed: inferred, or forced by text_columns or numeric_columns.
enum class Mode : uint8_t { Infer, Text, Numeric };

// One column as it is read: its type so far, its numbers, and every cell's text span.
struct Column {
    Type type = Type::Empty;
    Mode mode = Mode::Infer;
    std::vector<int64_t> ints;  // while Int (missing cells hold 0, flagged in `missing`)
    std::vector<double> floats; // once Float
    std::vector<uint8_t> missing;
    std::vector<uint8_t> is_float; // while Mixed: which cells are floats (the others in `ints`)
    // offset and length of each cell's text: in the text, or in `cells` when IN_CELLS is set in
    // the offset (a quoted cell with doubled quotes, unescaped)
    std::vector<std::pair<uint32_t, uint32_t>> spans;
};

// The reading options (§21.2): whether the first record is the header, the separator, quote
// and escape characters (NONE: none), whether a doubled quote inside quotes is one quote, the
// decimal and thousands characters of numbers, blank trimming of unquoted cells, the texts that
// count as missing (besides the empty cell), the value missing numeric cells take (none: $n),
// and the columns forced to text or numbers (names or positions, unresolved).
struct Dialect : CsvDialect {
    std::vector<std::u32string> missing;
    Value fill;
    std::vector<Value> text_columns, numeric_columns;
    // numbers spelled as from_chars reads them (no thousands, '.' the decimal point)
    bool plain_numbers() const { return decimal == U'.' && thousands == NONE; }
};

struct Table {
    std::vector<std::string> header;
    std::vector<Column> columns;
    std::u32string cells; // unescaped quoted cells
    int64_t rows = 0;
};

// Copies an ASCII cell of fewer than 64 characters into buf (numbers are such cells), setting
// its length; false for any other cell. A dialect's own number spelling is rewritten to
// from_chars' as it goes: thousands characters dropped, its decimal character made '.', and a
// '.' that is neither makes the cell no number.
bool ascii(std::u32string_view s, char (&buf)[64], size_t& len, const Dialect& d) {
    if (s.size() >= sizeof buf) return false;
    if (d.plain_numbers()) {
        for (size_t i = 0; i < s.size(); i++) {
            if (s[i] >= 0x80) return false;
            buf[i] = static_cast<char>(s[i]);
        }
        len = s.size();
        return true;
    }
    len = 0;
    for (char32_t c : s) {
        if (c == d.thousands) continue;
        if (c == d.decimal) c = U'.';
        else if (c == U'.' || c >= 0x80) return false;
        buf[len++] = static_cast<char>(c);
    }
    return true;
}

// An integer cell: optional sign, digits only, fitting 64 bits.
bool as_int(std::u32string_view cell, int64_t& out, const Dialect& d) {
    char buf[64];
    size_t len;
    if (!ascii(cell, buf, len, d)) return false;
    const char* b = buf;
    const char* e = b + len;
    if (b != e && *b == '+') b++;
    auto r = std::from_chars(b, e, out);
    return r.ec == std::errc() && r.ptr == e && b != e;
}

// A float cell: decimals, exponents, inf, nan (from_chars' grammar).
bool as_float(std::u32string_view cell, double& out, const Dialect& d) {
    char buf[64];
    size_t len;
    if (!ascii(cell, buf, len, d)) return false;
    const char* b = buf;
    const char* e = b + len;
    if (b != e && *b == '+') b++;
    auto r = std::from_chars(b, e, out);
    return r.ec == std::errc() && r.ptr == e && b != e;
}

// Whether float64 holds the integer i exactly.
bool exactly_float(int64_t i) {
    double x = static_cast<double>(i);
    return x < 9223372036854775808.0 && static_cast<int64_t>(x) == i;
}

void add_mixed(Column& c, int64_t i, double d, bool is_float) {
    c.ints.push_back(i);
    c.floats.push_back(d);
    c.is_float.push_back(is_float);
}

void add_cell(Table& t, Column& c, std::u32string_view text, std::u32string_view cell, bool in_cells,
              const Dialect& dialect) {
    uint32_t offset = static_cast<uint32_t>(in_cells ? cell.data() - t.cells.data() : cell.data() - text.data());
    c.spans.push_back({in_cells ? offset | IN_CELLS : offset, static_cast<uint32_t>(cell.size())});
    bool missing = cell.empty();
    for (size_t m = 0; !missing && m < dialect.missing.size(); m++) missing = cell == dialect.missing[m];
    c.missing.push_back(missing);
    if (missing || c.type == Type::Text) {
        if (c.type == Type::Int || c.type == Type::Empty) c.ints.push_back(0);
        else if (c.type == Type::Float) c.floats.push_back(0);
        else if (c.type == Type::Mixed) add_mixed(c, 0, 0, false);
        return;
    }
    int64_t i;
    double d;
    if ((c.type == Type::Int || c.type == Type::Empty || c.type == Type::Mixed) && as_int(cell, i, dialect)) {
        if (c.type == Type::Mixed) add_mixed(c, i, 0, false);
        else c.ints.push_back(i);
        if (c.type == Type::Empty) c.type = Type::Int;
        return;
    }
    if (c.type != Type::Text && as_float(cell, d, dialect)) {
        if (c.type == Type::Int || c.type == Type::Empty) { // promote the integers so far, if exactly
            bool exact = std::all_of(c.ints.begin(), c.ints.end(), exactly_float);
            if (exact) {
                c.floats.assign(c.ints.begin(), c.ints.end());
                c.ints.clear();
                c.type = Type::Float;
            } else {
                c.floats.assign(c.ints.size(), 0);
                c.is_float.assign(c.ints.size(), 0);
                c.type = Type::Mixed;
            }
        }
        // an integer past 2⁵³ that float64 cannot hold makes a float column mixed
        if (c.type == Type::Float && std::fabs(d) >= 9007199254740992.0 && as_int(cell, i, dialect) && !exactly_float(i)) {
            c.ints.assign(c.floats.size(), 0);
            c.is_float.assign(c.floats.size(), 1);
            c.type = Type::Mixed;
            add_mixed(c, i, 0, false);
            return;
        }
        if (c.type == Type::Mixed) add_mixed(c, 0, d, true);
        else c.floats.push_back(d);
        return;
    }
    if (c.mode == Mode::Numeric)
        throw Error(ErrorKind::Domain, "•csv: \"" + utf8(std::u32string(cell)) + "\" in a numeric column is not a number");
    c.type = Type::Text;
    c.ints.clear();
    c.floats.clear();
    c.is_float.clear();
}

// A column selector's positions among `names` (a header, or none): a name or a position, or a
// vector of them; an unknown name or a position out of range is INDEX.
std::vector<size_t> selected(const Value& selector, const std::vector<std::string>& names, size_t count,
                             const char* what) {
    Value v = selector.read();
    std::vector<Value> items;
    if (is_text(v) || v.is_atom()) items.push_back(v);
    else items = lang::items_of(v);
    std::vector<size_t> out;
    for (const Value& x : items) {
        if (is_text(x)) {
            std::string name = text_of(x, what);
            auto at = std::find(names.begin(), names.end(), name);
            if (at == names.end()) throw Error(ErrorKind::Index, std::string(what) + ": there is no column \"" + name + "\"");
            out.push_back(static_cast<size_t>(at - names.begin()));
            continue;
        }
        Value r = x.read();
        if (!r.is_atom() || !r.is_number() || r.is_complex() || r.as_f64() != std::floor(r.as_f64()))
            throw Error(ErrorKind::Domain, std::string(what) + " holds column names or positions");
        double p = r.as_f64();
        if (p < 0) p += static_cast<double>(count);
        if (p < 0 || p >= static_cast<double>(count))
            throw Error(ErrorKind::Index, std::string(what) + ": there is no column " + std::to_string(static_cast<int64_t>(r.as_f64())));
        out.push_back(static_cast<size_t>(p));
    }
    return out;
}

// Each column's mode from the selectors, once the columns are known; a column in both is DOMAIN.
void resolve_modes(std::vector<Column>& columns, const std::vector<std::string>& names, const Dialect& d) {
    for (const Value& sel : d.text_columns)
        for (size_t k : selected(sel, names, columns.size(), "•csv's text_columns")) columns[k].mode = Mode::Text;
    for (const Value& sel : d.numeric_columns)
        for (size_t k : selected(sel, names, columns.size(), "•csv's numeric_columns")) {
            if (columns[k].mode == Mode::Text)
                throw Error(ErrorKind::Domain, "•csv: a column is both a text and a numeric column");
            columns[k].mode = Mode::Numeric;
        }
    for (Column& c : columns)
        if (c.mode == Mode::Text) c.type = Type::Text;
}

// Reads RFC 4180 text (separator ',', quote '"' unless the dialect says otherwise, doubled
// quotes inside quotes, CRLF or LF); the escape character, when there is one, makes the
// character after it plain, inside quotes or out.
Table read_table(std::u32string_view text, const Dialect& d) {
    const char32_t sep = d.separator, quote = d.quote, escape = d.escape;
    Table t;
    t.cells.reserve(64);
    size_t i = 0, n = text.size();
    bool columns_known = false;
    std::vector<std::pair<std::u32string_view, bool>> row; // a record's cells (in `cells`?)
    std::vector<std::pair<size_t, size_t>> unescaped;     // offsets of in-`cells` cells
    int64_t line = 1;
    auto where = [&] { return " (record " + std::to_string(line) + ")"; };
    while (i < n) {
        size_t record_start = i;
        row.clear();
        unescaped.clear();
        // one record
        while (true) {
            if (i < n && text[i] == quote) {
                size_t start = t.cells.size();
                i++;
                while (true) {
                    if (i >= n) throw Error(ErrorKind::Domain, "•csv: a quoted cell is not closed" + where());
                    char32_t c = text[i];
                    if (c == escape) {
                        if (i + 1 >= n) throw Error(ErrorKind::Domain, "•csv: an escape character ends the text" + where());
                        t.cells += text[i + 1];
                        i += 2;
                        continue;
                    }
                    if (c == quote) {
                        if (d.doublequote && i + 1 < n && text[i + 1] == quote) {
                            t.cells += quote;
                            i += 2;
                            continue;
                        }
                        i++;
                        break;
                    }
                    t.cells += c;
                    i++;
                }
                unescaped.push_back({start, t.cells.size() - start});
                row.push_back({std::u32string_view(), true});
                if (i < n && text[i] != sep && text[i] != U'\n' && text[i] != U'\r')
                    throw Error(ErrorKind::Domain, "•csv: text after a closing quote" + where());
            } else {
                size_t start = i;
                while (i < n && text[i] != sep && text[i] != U'\n' && text[i] != U'\r' && text[i] != escape) i++;
                if (i < n && text[i] == escape) { // an escaped cell is unescaped into `cells`
                    size_t at = t.cells.size();
                    t.cells.append(text.substr(start, i - start));
                    while (i < n && text[i] != sep && text[i] != U'\n' && text[i] != U'\r') {
                        if (text[i] == escape) {
                            if (++i >= n) throw Error(ErrorKind::Domain, "•csv: an escape character ends the text" + where());
                        }
                        t.cells += text[i++];
                    }
                    unescaped.push_back({at, t.cells.size() - at});
                    row.push_back({std::u32string_view(), true});
                } else {
                    std::u32string_view cell = text.substr(start, i - start);
                    if (d.trim) {
                        while (!cell.empty() && (cell.front() == U' ' || cell.front() == U'\t')) cell.remove_prefix(1);
                        while (!cell.empty() && (cell.back() == U' ' || cell.back() == U'\t')) cell.remove_suffix(1);
                    }
                    row.push_back({cell, false});
                }
            }
            if (i < n && text[i] == sep) {
                i++;
                continue;
            }
            if (i < n && text[i] == U'\r') i++;
            if (i < n && text[i] == U'\n') i++;
            break;
        }
        // in-`cells` cells point into `cells`, which may have moved while the record grew
        size_t q = 0;
        for (auto& [cell, in_cells] : row)
            if (in_cells) {
                cell = std::u32string_view(t.cells).substr(unescaped[q].first, unescaped[q].second);
                q++;
            }
        if (row.size() == 1 && !row[0].second && row[0].first.empty()) { // a blank line
            line++;
            continue;
        }
        if (!columns_known) {
            std::unordered_set<std::string> seen;
            for (const auto& [cell, in_cells] : row) {
                std::string h = d.header ? utf8(std::u32string(cell)) : std::string();
                if (d.header && !seen.insert(h).second)
                    throw Error(ErrorKind::Domain, "•csv: the header \"" + h + "\" is repeated");
                t.header.push_back(std::move(h));
            }
            t.columns.resize(t.header.size());
            resolve_modes(t.columns, d.header ? t.header : std::vector<std::string>(), d);
            columns_known = true;
            if (d.header) {
                line++;
                continue;
            }
        }
        if (row.size() != t.columns.size())
            throw Error(ErrorKind::Length, "•csv: record " + std::to_string(line) + " has " + std::to_string(row.size()) +
                                               " cells, the first " + std::to_string(t.columns.size()));
        for (size_t k = 0; k < row.size(); k++) add_cell(t, t.columns[k], text, row[k].first, row[k].second, d);
        t.rows++;
        if (t.rows == 1) { // room for as many more records as the rest of the text holds at this length
            size_t per = std::max<size_t>(i - record_start, 1), more = (n - i) / per + (n - i) / per / 8 + 16;
            for (Column& c : t.columns) {
                c.spans.reserve(more);
                c.missing.reserve(more);
                if (c.type == Type::Float) c.floats.reserve(more);
                else if (c.type != Type::Text) c.ints.reserve(more);
            }
        }
        line++;
        if (t.cells.size() >= IN_CELLS || i >= IN_CELLS)
            throw Error(ErrorKind::Limit, "•csv: the text is too long");
    }
    if (!columns_known) resolve_modes(t.columns, {}, d); // no records: selectors still checked
    return t;
}

Value column_value(const Table& t, const Column& c, std::u32string_view text, const Dialect& d) {
    int64_t n = t.rows;
    // a missing numeric cell: the fill (an integer keeps an integer column compact), else $n
    Value fill = d.fill.is_none() ? Value::real(std::numeric_limits<double>::quiet_NaN()) : d.fill;
    bool int_fill = !d.fill.is_none() && fill.is_number() && number::is_integer(fill.kind());
    auto cell_text = [&](size_t r) {
        auto [offset, len] = c.spans[r];
        std::u32string_view src = offset & IN_CELLS ? std::u32string_view(t.cells) : text;
        return value::char_vector(std::u32string(src.substr(offset & ~IN_CELLS, len)));
    };
    bool any_missing = false;
    for (uint8_t m : c.missing) any_missing = any_missing || m;
    if (c.type == Type::Int && (!any_missing || int_fill)) {
        base::Ref<ArrayData> a = ArrayData::compact(Kind::Int, {n});
        std::copy(c.ints.begin(), c.ints.end(), a->items_as<int64_t>());
        if (any_missing)
            for (int64_t r = 0; r < n; r++)
                if (c.missing[static_cast<size_t>(r)]) a->items_as<int64_t>()[r] = fill.as_i64();
        return Value::array(std::move(a));
    }
    if (c.type == Type::Float || (c.type == Type::Int && any_missing)) {
        if (c.type == Type::Int) { // an integer column stays exact: $n among exact integers
            std::vector<Value> items;
            for (int64_t r = 0; r < n; r++)
                items.push_back(c.missing[static_cast<size_t>(r)] ? fill : Value::integer(c.ints[static_cast<size_t>(r)]));
            return value::make_array({n}, std::move(items));
        }
        base::Ref<ArrayData> a = ArrayData::compact(Kind::F64, {n});
        double* p = a->items_as<double>();
        for (int64_t r = 0; r < n; r++)
            p[r] = c.missing[static_cast<size_t>(r)] ? fill.as_f64() : c.floats[static_cast<size_t>(r)];
        return Value::array(std::move(a));
    }
    if (c.type == Type::Mixed) {
        std::vector<Value> items;
        items.reserve(static_cast<size_t>(n));
        for (size_t r = 0; r < static_cast<size_t>(n); r++)
            items.push_back(c.missing[r] ? fill : c.is_float[r] ? Value::real(c.floats[r]) : Value::integer(c.ints[r]));
        return value::make_array({n}, std::move(items));
    }
    std::vector<Value> items; // text, and an all-missing column
    items.reserve(static_cast<size_t>(n));
    for (int64_t r = 0; r < n; r++)
        items.push_back(c.missing[static_cast<size_t>(r)] ? value::char_vector(U"") : cell_text(static_cast<size_t>(r)));
    return value::make_array({n}, std::move(items), value::char_vector(U""));
}

} // namespace

char32_t csv_char(const Value& v, const char* what, bool may_be_none) {
    std::u32string s = chars_of(v, what);
    if (s.empty() && may_be_none) return CSV_NONE;
    if (s.size() != 1 || s[0] == U'\n' || s[0] == U'\r')
        throw Error(ErrorKind::Domain, std::string(what) + " is one character, not a line break");
    return s[0];
}

bool csv_option(CsvDialect& d, std::string_view name, const Value& v, const char* who) {
    auto what = [&](const char* option) { return std::string(who) + "'s " + option; };
    if (name == "header") d.header = flag_of(v, what("header").c_str());
    else if (name == "separator") d.separator = csv_char(v, what("separator").c_str(), false);
    else if (name == "quotechar") d.quote = csv_char(v, what("quotechar").c_str(), true);
    else if (name == "doublequote") d.doublequote = flag_of(v, what("doublequote").c_str());
    else if (name == "escapechar") d.escape = csv_char(v, what("escapechar").c_str(), true);
    else if (name == "decimal") d.decimal = csv_char(v, what("decimal").c_str(), false);
    else if (name == "thousands") d.thousands = csv_char(v, what("thousands").c_str(), true);
    else if (name == "trim") d.trim = flag_of(v, what("trim").c_str());
    else return false;
    return true;
}

void check_dialect(char32_t separator, char32_t quote, char32_t escape, char32_t decimal, char32_t thousands,
                   const char* who) {
    char32_t present[] = {separator, quote, escape, decimal, thousands};
    for (size_t a = 0; a < 5; a++)
        for (size_t b = a + 1; b < 5; b++)
            if (present[a] != CSV_NONE && present[a] == present[b])
                throw Error(ErrorKind::Domain, std::string(who) + ": the separator, quotechar, escapechar, decimal and "
                                                                  "thousands characters must differ");
}

namespace {

Value read_csv(const Value& omega, const Dialect& d) {
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
    Table t = read_table(text, d);
    if (!d.header) { // a vector of columns
        std::vector<Value> columns;
        for (const Column& c : t.columns) columns.push_back(column_value(t, c, text, d));
        int64_t count = static_cast<int64_t>(columns.size());
        return value::make_array({count}, std::move(columns));
    }
    std::vector<std::pair<std::string, Value>> columns;
    for (size_t k = 0; k < t.columns.size(); k++) columns.push_back({t.header[k], column_value(t, t.columns[k], text, d)});
    return value::record(std::move(columns));
}

} // namespace

Value csv_monad(const Value& omega) { return read_csv(omega, Dialect()); }

Value csv_dyad(const Value& alpha, const Value& omega) {
    Dialect d;
    for (const auto& [name, v] : options_of(alpha, "•csv",
                                            {"header", "separator", "quotechar", "doublequote", "escapechar", "decimal",
                                             "thousands", "trim", "fill", "text_columns", "numeric_columns", "missing"},
                                            "separator")) {
        if (csv_option(d, name, v, "•csv")) continue;
        if (name == "text_columns") d.text_columns.push_back(v);
        else if (name == "numeric_columns") d.numeric_columns.push_back(v);
        else if (name == "missing") {
            Value m = v.read();
            if (is_text(m)) d.missing.push_back(chars_of(m, "•csv's missing"));
            else if (!m.is_atom() && m.rank() == 1 && m.array_data().is_boxed())
                for (const Value& x : m.array_data().boxed_items()) d.missing.push_back(chars_of(x, "•csv's missing"));
            else throw Error(ErrorKind::Domain, "•csv's missing is a text or a vector of texts");
        } else { // fill
            Value f = v.read();
            if (!f.is_atom() || !f.is_number() || f.is_complex() || f.kind() == Kind::Bool)
                throw Error(ErrorKind::Domain, "•csv's fill is a real number");
            d.fill = f;
        }
    }
    check_dialect(d.separator, d.quote, d.escape, d.decimal, d.thousands, "•csv");
    return read_csv(omega, d);
}

} // namespace bpl::session
