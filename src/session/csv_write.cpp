// •csv⁻ (operators-and-system.md §21.2): a record of equal-length columns as CSV text, the keys
// as the header. Cells: text as is, quoted when it holds the separator, a quote or a line break
// (quotes doubled, RFC 4180); integers in decimal with `-` signs; floats in shortest round-trip
// form, a whole float with `.0` so that it reads back as a float (Python's repr), `inf`/`-inf`,
// NaN an empty cell; exact whole numbers in decimal. Fractional rationals, complex numbers,
// functions and nested cells are DOMAIN; unequal column lengths LENGTH. Records end with "\n".
#include "session/names.h"

#include "base/error.h"
#include "base/utf8.h"
#include "lang/cells.h"
#include "number/exact.h"
#include "value/array.h"

#include <charconv>
#include <cmath>
#include <string>
#include <vector>

namespace bpl::session {

using base::Error;
using base::ErrorKind;
using number::Kind;

namespace {

void append_cell_text(std::string& out, const std::u32string& s) {
    bool quote = false;
    for (char32_t c : s) quote = quote || c == U',' || c == U'"' || c == U'\n' || c == U'\r';
    if (!quote) {
        for (char32_t c : s) base::append_utf8(out, c);
        return;
    }
    out += '"';
    for (char32_t c : s) {
        if (c == U'"') out += '"';
        base::append_utf8(out, c);
    }
    out += '"';
}

void append_number(std::string& out, const Value& x) {
    if (x.is_exact()) {
        const number::Exact& e = x.exact();
        if (!e.is_integer()) throw Error(ErrorKind::Domain, "•csv⁻: a CSV cell cannot hold a fractional rational");
        out += e.numerator_text();
        return;
    }
    if (x.is_complex()) throw Error(ErrorKind::Domain, "•csv⁻: a CSV cell cannot hold a complex number");
    Kind k = x.kind();
    if (number::is_integer(k) || k == Kind::Bool) {
        out += std::to_string(x.as_i64());
        return;
    }
    double d = x.as_f64();
    if (std::isnan(d)) return; // an empty cell
    if (std::isinf(d)) {
        out += d > 0 ? "inf" : "-inf";
        return;
    }
    char buf[32];
    auto r = std::to_chars(buf, buf + sizeof buf, d);
    std::string s(buf, r.ptr);
    if (s.find_first_of(".e") == std::string::npos) s += ".0";
    out += s;
}

void append_cell(std::string& out, const Value& cell) {
    if (cell.is_function()) throw Error(ErrorKind::Domain, "•csv⁻: a CSV cell cannot hold a function");
    Value c = cell.read();
    if (c.is_char()) {
        append_cell_text(out, std::u32string(1, c.as_char()));
        return;
    }
    if (c.is_atom()) {
        append_number(out, c);
        return;
    }
    if (!is_text(c)) throw Error(ErrorKind::Domain, "•csv⁻: a CSV cell holds a number or text, not an array");
    append_cell_text(out, chars_of(c, "•csv⁻'s cell"));
}

} // namespace

Value csv_write(const Value& omega) {
    std::vector<std::pair<std::string, Value>> columns = fields_of(omega, "•csv⁻'s table");
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
    for (size_t k = 0; k < columns.size(); k++) {
        if (k) out += ',';
        append_cell_text(out, base::decode_utf8(columns[k].first));
    }
    out += '\n';
    for (int64_t r = 0; r < rows; r++) {
        for (size_t k = 0; k < cells.size(); k++) {
            if (k) out += ',';
            append_cell(out, cells[k][static_cast<size_t>(r)]);
        }
        if (out.back() == '\n') out += "\"\""; // a one-column record's empty cell, not a blank line
        out += '\n';
    }
    return text(out);
}

} // namespace bpl::session
