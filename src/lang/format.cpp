// D⍕Y and W D⍕Y (functions.md §10.1): numbers as fixed-point or exponent text in fields. The
// digits come from the shortest read-back decimal of each float, rounded half away from zero on
// that decimal (so 2.675 gives 2.68); digits past float precision print as `_`.
#include "lang/display.h"

#include "base/error.h"
#include "base/utf8.h"
#include "lang/cells.h"
#include "prim/exact.h"
#include "value/array.h"

#include <charconv>
#include <cmath>
#include <cstdlib>

namespace bpl::lang {

using base::Error;
using base::ErrorKind;
using value::Value;

namespace {

// Significant digits a float64 carries; digits of a field past this many are `_`.
constexpr int PRECISION = 16;

// |x| (finite, nonzero) as its shortest decimal digits d1 d2 … and the power of ten of d1.
void shortest(double x, std::string* digits, int* exponent) {
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, std::fabs(x), std::chars_format::scientific);
    std::string s(buf, r.ptr);
    size_t e = s.find('e');
    digits->clear();
    for (size_t i = 0; i < e; i++)
        if (s[i] != '.') *digits += s[i];
    *exponent = std::atoi(s.c_str() + e + 1);
}

// The first n digits of `digits` (zeros past its end), rounded half away from zero on the
// digit after them. A carry out of the first digit makes the result one digit longer (returns
// true). n may be 0: then the result is "1" when the first digit rounds up, else "".
bool round_digits(const std::string& digits, int n, std::string* out) {
    out->assign(static_cast<size_t>(std::max(n, 0)), '0');
    for (int i = 0; i < n && i < static_cast<int>(digits.size()); i++) (*out)[i] = digits[i];
    bool up = n >= 0 && n < static_cast<int>(digits.size()) && digits[n] >= '5';
    if (!up) return false;
    for (int i = n - 1; i >= 0; i--) {
        if ((*out)[i] != '9') {
            (*out)[i]++;
            return false;
        }
        (*out)[i] = '0';
    }
    out->insert(out->begin(), '1');
    return true;
}

std::u32string text(const std::string& s) { return base::decode_utf8(s); }

// Digits at significant position ≥ PRECISION (counted from the first nonzero digit) become `_`.
void mark_imprecise(std::string& s) {
    int seen = 0;
    bool started = false;
    for (char& c : s) {
        if (c < '0' || c > '9') continue;
        if (c != '0') started = true;
        if (!started) continue;
        if (seen++ >= PRECISION) c = '_';
    }
}

// x with d decimals: sign (¯, or a space for a rounded negative zero) and digits.
std::u32string fixed(double x, int d) {
    if (std::isnan(x)) return U"$n";
    if (std::isinf(x)) return x > 0 ? U"∞" : U"¯∞";
    std::string digits;
    int e = 0;
    if (x != 0) shortest(x, &digits, &e);
    else digits = "0";
    // digits from 10^e down to 10^-d
    int n = e + 1 + d;
    std::string kept;
    int top = e; // power of ten of kept[0]
    if (x == 0) {
        kept = "";
        top = -d - 1;
    } else if (round_digits(digits, n, &kept)) {
        top = e + 1;
    }
    if (n <= 0 && kept == "1") top = -d; // 0.006 to 2 places is 0.01
    // the number's integer and fraction digits
    std::string whole, frac;
    for (int p = std::max(top, 0); p >= 0; p--) {
        int i = top - p;
        whole += i >= 0 && i < static_cast<int>(kept.size()) ? kept[i] : '0';
    }
    for (int p = -1; p >= -d; p--) {
        int i = top - p;
        frac += i >= 0 && i < static_cast<int>(kept.size()) ? kept[i] : '0';
    }
    std::string body = whole + (d > 0 ? "." + frac : "");
    mark_imprecise(body);
    bool zero = body.find_first_not_of("0._") == std::string::npos;
    std::string sign = x < 0 ? (zero ? " " : "¯") : "";
    return text(sign + body);
}

// x in exponent form with s significant digits: the mantissa and the exponent's text.
struct Exp {
    std::u32string mantissa, exponent;
};
Exp exponent_form(double x, int s) {
    if (std::isnan(x)) return {U"$n", U""};
    if (std::isinf(x)) return {x > 0 ? U"∞" : U"¯∞", U""};
    std::string digits = "0", kept;
    int e = 0;
    if (x != 0) shortest(x, &digits, &e);
    if (round_digits(digits, s, &kept)) {
        kept.pop_back();
        e++;
    }
    std::string m = kept.substr(0, 1) + (s > 1 ? "." + kept.substr(1) : "");
    mark_imprecise(m);
    std::string sign = x < 0 ? "¯" : "";
    std::string ex = (e < 0 ? "¯" : "") + std::to_string(std::abs(e));
    return {text(sign + m), text(ex)};
}

struct Spec {
    int64_t width, digits;
};

std::vector<Spec> specs_of(const Value& alpha, int64_t columns) {
    Value a = alpha.read();
    if (a.rank() > 1) throw Error(ErrorKind::Rank, "⍕'s left argument is a vector");
    std::vector<int64_t> xs;
    for (const Value& v : items_of(a)) {
        double d = v.is_number() ? v.as_f64() : NAN;
        if (!v.is_number() || !std::isfinite(d) || d != std::floor(d))
            throw Error(ErrorKind::Domain, "⍕'s left argument must be integers");
        if (std::fabs(d) >= 0x1p63) // no int64 holds it (converting would be undefined)
            throw Error(ErrorKind::Limit, "⍕'s left argument is past the largest integer");
        xs.push_back(static_cast<int64_t>(d));
    }
    std::vector<Spec> specs;
    if (xs.size() == 1) {
        specs.assign(static_cast<size_t>(std::max<int64_t>(columns, 1)), Spec{0, xs[0]});
    } else if (xs.size() == 2) {
        specs.assign(static_cast<size_t>(std::max<int64_t>(columns, 1)), Spec{xs[0], xs[1]});
    } else if (static_cast<int64_t>(xs.size()) == 2 * columns) {
        for (size_t c = 0; c < xs.size(); c += 2) specs.push_back(Spec{xs[c], xs[c + 1]});
    } else {
        throw Error(ErrorKind::Length, "⍕ takes D, W D, or one W D pair per column");
    }
    for (const Spec& s : specs)
        if (s.width < 0) throw Error(ErrorKind::Domain, "a field width cannot be negative");
    return specs;
}

double number_of(const Value& v) {
    if (v.is_complex()) throw Error(ErrorKind::Domain, "⍕ with a format takes real numbers");
    if (v.is_exact()) return prim::exact_as(v, value::Kind::F64).as_f64();
    if (!v.is_number()) throw Error(ErrorKind::Domain, "⍕ with a format takes numbers");
    return v.as_f64();
}

} // namespace

Value format_with(const Value& alpha, const Value& omega) {
    Value y = omega.read();
    value::Shape shape = y.shape();
    int64_t columns = shape.empty() ? 1 : shape.back();
    int64_t rows = columns == 0 ? 0 : y.count() / columns;
    std::vector<Spec> specs = specs_of(alpha, columns);
    std::vector<Value> items = items_of(y);
    std::vector<double> xs;
    for (const Value& v : items) xs.push_back(number_of(v));
    // Each column's fields: fixed text right-aligned, or exponent forms aligned on the ₑ.
    std::vector<std::vector<std::u32string>> cells(static_cast<size_t>(rows),
                                                   std::vector<std::u32string>(static_cast<size_t>(columns)));
    size_t total = 0;
    for (int64_t c = 0; c < columns; c++) {
        const Spec& s = specs[static_cast<size_t>(c)];
        if (s.digits >= 0) {
            std::vector<std::u32string> f;
            size_t w = 0;
            for (int64_t r = 0; r < rows; r++) {
                f.push_back(fixed(xs[static_cast<size_t>(r * columns + c)], static_cast<int>(s.digits)));
                w = std::max(w, f.back().size());
            }
            size_t width = s.width ? static_cast<size_t>(s.width) : w + 1;
            for (int64_t r = 0; r < rows; r++) {
                std::u32string& t = f[static_cast<size_t>(r)];
                cells[r][c] = t.size() > width ? std::u32string(width, U'*')
                                               : std::u32string(width - t.size(), U' ') + t;
            }
            total += width;
        } else {
            std::vector<Exp> f;
            size_t mw = 0, ew = 0;
            for (int64_t r = 0; r < rows; r++) {
                f.push_back(exponent_form(xs[static_cast<size_t>(r * columns + c)], static_cast<int>(-s.digits)));
                mw = std::max(mw, f.back().mantissa.size());
                ew = std::max(ew, f.back().exponent.size());
            }
            size_t width = s.width ? static_cast<size_t>(s.width) : 1 + mw + 1 + ew;
            for (int64_t r = 0; r < rows; r++) {
                const Exp& x = f[static_cast<size_t>(r)];
                // mantissas right-aligned, exponents left-aligned after the ₑ (spare room goes
                // after the exponent); an automatic field starts with a space
                std::u32string t = (s.width ? U"" : U" ") + std::u32string(mw - x.mantissa.size(), U' ') +
                                   x.mantissa + (x.exponent.empty() ? U" " : U"ₑ") + x.exponent;
                if (t.size() > width) t = std::u32string(width, U'*');
                cells[r][c] = t + std::u32string(width - t.size(), U' ');
            }
            total += width;
        }
    }
    value::Shape out = shape.empty() ? value::Shape{static_cast<int64_t>(total)} : shape;
    if (!shape.empty()) out.back() = static_cast<int64_t>(total);
    auto a = value::ArrayData::compact(value::Kind::Char, out);
    char32_t* p = a->items_as<char32_t>();
    for (int64_t r = 0; r < rows; r++)
        for (int64_t c = 0; c < columns; c++)
            for (char32_t ch : cells[r][c]) *p++ = ch;
    return Value::array(a);
}

} // namespace bpl::lang
