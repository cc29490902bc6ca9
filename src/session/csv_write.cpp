// •csv⁻ (operators-and-system.md §21.2): a record of equal-length columns as CSV text, the keys
// as the header. Cells: text as is, quoted when it holds the separator, a quote or a line break
// (quotes doubled, RFC 4180); integers in decimal with `-` signs; floats in shortest round-trip
// form, a whole float with `.0` so that it reads back as a float (Python's repr), `inf`/`-inf`,
// NaN an empty cell; exact whole numbers in decimal. Fractional rationals, complex numbers,
// functions and nested cells are DOMAIN; unequal column lengths LENGTH. Records end with "\n".
// Options (dyadic, every writing option of §21.2) change the dialect.
#include "session/names.h"

#include "base/error.h"
#include "base/utf8.h"
#include "lang/cells.h"
#include "number/exact.h"
#include "value/array.h"
#include "value/layout.h"

#include <charconv>
#include <optional>
#include <cmath>
#include <string>
#include <vector>

namespace bpl::session {

using base::Error;
using base::ErrorKind;
using number::Kind;

namespace {

// The writing options (§21.2): header, separator, quote and escape characters (CSV_NONE: none),
// doubled quotes, the decimal and thousands characters of numbers, blank trimming of text cells,
// the fill (cells equal to it are empty, like NaN), quotes around every cell, the line ending.
struct WriteDialect : CsvDialect {
    Value fill;
    bool forcequotes = false;
    std::string lineending = "\n";
};

// A cell's text, quoted when it holds the separator, the quote or escape character or a line
// break (or always, with forcequotes): inside quotes a quote is doubled, or escaped when
// doublequote is off; without a quote character such characters are escaped, and with neither
// the cell is DOMAIN (Python's csv.writer, QUOTE_MINIMAL or QUOTE_NONE).
void append_field(std::string& out, std::u32string_view s, const WriteDialect& d) {
    if (d.trim) {
        while (!s.empty() && (s.front() == U' ' || s.front() == U'\t')) s.remove_prefix(1);
        while (!s.empty() && (s.back() == U' ' || s.back() == U'\t')) s.remove_suffix(1);
    }
    bool special = false;
    for (char32_t c : s)
        special = special || c == d.separator || c == d.quote || c == d.escape || c == U'\n' || c == U'\r';
    if (d.quote == CSV_NONE) {
        if (special && d.escape == CSV_NONE)
            throw Error(ErrorKind::Domain, "•csv⁻: a cell needs quoting and there is no quotechar or escapechar");
        for (char32_t c : s) {
            if (c == d.separator || c == d.escape || c == U'\n' || c == U'\r') base::append_utf8(out, d.escape);
            base::append_utf8(out, c);
        }
        return;
    }
    if (!special && !d.forcequotes) {
        for (char32_t c : s) base::append_utf8(out, c);
        return;
    }
    base::append_utf8(out, d.quote);
    for (char32_t c : s) {
        if (c == d.quote) {
            if (d.doublequote) base::append_utf8(out, d.quote);
            else if (d.escape != CSV_NONE) base::append_utf8(out, d.escape);
            else throw Error(ErrorKind::Domain, "•csv⁻: a quote in a cell needs doublequote or an escapechar");
        } else if (c == d.escape) {
            base::append_utf8(out, d.escape);
        }
        base::append_utf8(out, c);
    }
    base::append_utf8(out, d.quote);
}

// Digits with the thousands character between groups of three (none: as they are).
std::string grouped(const std::string& digits, const WriteDialect& d) {
    if (d.thousands == CSV_NONE) return digits;
    size_t sign = !digits.empty() && digits[0] == '-' ? 1 : 0;
    std::string out = digits.substr(0, sign);
    size_t n = digits.size() - sign;
    for (size_t i = 0; i < n; i++) {
        if (i && (n - i) % 3 == 0) base::append_utf8(out, d.thousands);
        out += digits[sign + i];
    }
    return out;
}

// A number's text, or nullopt for an empty cell (NaN or the fill).
std::optional<std::string> number_text(const Value& x, const WriteDialect& d) {
    if (x.is_exact()) {
        const number::Exact& e = x.exact();
        if (!e.is_integer()) throw Error(ErrorKind::Domain, "•csv⁻: a CSV cell cannot hold a fractional rational");
        return grouped(e.numerator_text(), d);
    }
    if (x.is_complex()) throw Error(ErrorKind::Domain, "•csv⁻: a CSV cell cannot hold a complex number");
    if (!d.fill.is_none() && x.as_f64() == d.fill.as_f64()) return std::nullopt;
    Kind k = x.kind();
    if (number::is_integer(k) || k == Kind::Bool) return grouped(std::to_string(x.as_i64()), d);
    double f = x.as_f64();
    if (std::isnan(f)) return std::nullopt;
    if (std::isinf(f)) return std::string(f > 0 ? "inf" : "-inf");
    char buf[32];
    auto r = std::to_chars(buf, buf + sizeof buf, f);
    std::string s(buf, r.ptr);
    if (s.find_first_of(".e") == std::string::npos) s += ".0"; // reads back as a float
    if (s.find('e') != std::string::npos || (d.decimal == U'.' && d.thousands == CSV_NONE)) return s;
    size_t point = s.find('.');
    std::string out = grouped(s.substr(0, point), d);
    base::append_utf8(out, d.decimal);
    return out + s.substr(point + 1);
}

// Appends a cell; returns whether it was written empty.
bool append_cell(std::string& out, const Value& cell, const WriteDialect& d) {
    if (cell.is_function()) throw Error(ErrorKind::Domain, "•csv⁻: a CSV cell cannot hold a function");
    Value c = cell.read();
    if (c.is_char()) {
        char32_t ch = c.as_char();
        append_field(out, std::u32string_view(&ch, 1), d);
        return false;
    }
    if (c.is_atom()) {
        std::optional<std::string> t = number_text(c, d);
        if (!t) return true;
        std::u32string u = base::decode_utf8(*t);
        append_field(out, u, d);
        return false;
    }
    if (!is_text(c)) throw Error(ErrorKind::Domain, "•csv⁻: a CSV cell holds a number or text, not an array");
    std::u32string s = chars_of(c, "•csv⁻'s cell");
    append_field(out, s, d);
    return s.empty() && !d.forcequotes;
}

// The columns of a table: a record's fields; without a header also a plain vector of columns.
std::vector<std::pair<std::string, Value>> columns_of(const Value& omega, const WriteDialect& d) {
    Value r = omega.read();
    if (!d.header && !r.is_atom() && r.rank() == 1 && value::keys_of(r).empty()) {
        std::vector<std::pair<std::string, Value>> out;
        for (Value& c : lang::items_of(r)) out.emplace_back(std::to_string(out.size()), std::move(c));
        return out;
    }
    return fields_of(r, "•csv⁻'s table");
}

Value write_csv(const Value& omega, const WriteDialect& d) {
    std::vector<std::pair<std::string, Value>> columns = columns_of(omega, d);
    std::vector<std::vector<Value>> cells;
    int64_t rows = -1;
    for (auto& [key, column] : columns) {
        Value c = column.read();
        if (c.rank() > 1) throw Error(ErrorKind::Rank, "•csv⁻: the column \"" + key + "\" is not a vector");
        cells.push_back(c.is_atom() ? std::vector<Value>{c} : lang::items_of(c));
        int64_t n = static_cast<int64_t>(cells.back().size());
        if (rows >= 0 && n != rows)
            throw Error(ErrorKind::Length, "•csv⁻: the column \"" + key + "\" has " + std::to_string(n) +
                                               " cells, the first " + std::to_string(rows));
        rows = n;
    }
    std::string out;
    if (columns.empty()) return text(out);
    if (d.header) {
        for (size_t k = 0; k < columns.size(); k++) {
            if (k) base::append_utf8(out, d.separator);
            append_field(out, base::decode_utf8(columns[k].first), d);
        }
        out += d.lineending;
    }
    for (int64_t r = 0; r < rows; r++) {
        bool empty = true;
        for (size_t k = 0; k < cells.size(); k++) {
            if (k) base::append_utf8(out, d.separator);
            empty = append_cell(out, cells[k][static_cast<size_t>(r)], d) && cells.size() == 1;
        }
        if (empty) { // a one-column record's empty cell, not a blank line
            if (d.quote == CSV_NONE) throw Error(ErrorKind::Domain, "•csv⁻: an empty one-cell record needs a quotechar");
            base::append_utf8(out, d.quote);
            base::append_utf8(out, d.quote);
        }
        out += d.lineending;
    }
    return text(out);
}

} // namespace

Value csv_write(const Value& omega) { return write_csv(omega, WriteDialect()); }

Value csv_write_dyad(const Value& alpha, const Value& omega) {
    WriteDialect d;
    for (const auto& [name, v] : options_of(alpha, "•csv⁻",
                                            {"header", "separator", "quotechar", "doublequote", "escapechar", "decimal",
                                             "thousands", "trim", "fill", "forcequotes", "lineending"},
                                            "separator")) {
        if (csv_option(d, name, v, "•csv⁻")) continue;
        if (name == "forcequotes") d.forcequotes = flag_of(v, "•csv⁻'s forcequotes");
        else if (name == "lineending") {
            d.lineending = text_of(v, "•csv⁻'s lineending");
            if (d.lineending != "\n" && d.lineending != "\r\n" && d.lineending != "\r")
                throw Error(ErrorKind::Domain, "•csv⁻'s lineending is LF, CRLF or CR");
        } else { // fill
            Value f = v.read();
            if (!f.is_atom() || !f.is_number() || f.is_complex())
                throw Error(ErrorKind::Domain, "•csv⁻'s fill is a real number");
            d.fill = f;
        }
    }
    check_dialect(d.separator, d.quote, d.escape, d.decimal, d.thousands, "•csv⁻");
    return write_csv(omega, d);
}

} // namespace bpl::session
