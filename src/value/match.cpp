// Match and depth.
#include "value/match.h"

#include "math/kernel.h"
#include "number/exact.h"
#include "value/array.h"
#include "value/function.h"
#include "value/layout.h"
#include "base/error.h"

#include <cmath>

namespace bpl::value {

bool tolerant_equal(double a, double b) {
    if (a == b) return true;
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
    if (std::isinf(a) || std::isinf(b)) return false;
    return std::fabs(a - b) <= math::CT * std::fmax(std::fabs(a), std::fabs(b));
}

bool tolerant_equal(double a_re, double a_im, double b_re, double b_im) {
    if (a_re == b_re && a_im == b_im) return true;
    bool a_odd = !std::isfinite(a_re) || !std::isfinite(a_im);
    bool b_odd = !std::isfinite(b_re) || !std::isfinite(b_im);
    if (a_odd || b_odd) {
        auto same = [](double x, double y) { return x == y || (std::isnan(x) && std::isnan(y)); };
        return same(a_re, b_re) && same(a_im, b_im);
    }
    double d = std::hypot(a_re - b_re, a_im - b_im);
    return d <= math::CT * std::fmax(std::hypot(a_re, a_im), std::hypot(b_re, b_im));
}

namespace {
bool is_numeric_atom(const Value& v) { return v.is_number() || v.is_complex() || v.is_exact(); }

// A real number atom (integer, float or exact) as an exact number; nothing for ∞ and NaN.
Ref<number::Exact> exact_of(const Value& v) {
    if (v.is_exact()) return v.exact_ref();
    if (!number::is_float(v.kind())) return number::Exact::of(v.as_i64());
    double f = v.as_f64();
    return std::isfinite(f) ? number::Exact::of_double(f) : Ref<number::Exact>();
}

// Two real atoms, at least one exact: exactly equal unless a float takes part (then tolerant).
bool exact_equal(const Value& a, const Value& b) {
    if (number::is_float(a.kind()) || number::is_float(b.kind()))
        return tolerant_equal(a.as_f64(), b.as_f64());
    return number::equal(*exact_of(a), *exact_of(b));
}

bool atom_equal(const Value& a, const Value& b) {
    if ((a.is_complex() || b.is_complex()) && is_numeric_atom(a) && is_numeric_atom(b))
        return tolerant_equal(a.re(), a.im(), b.re(), b.im());
    if ((a.is_exact() || b.is_exact()) && is_numeric_atom(a) && is_numeric_atom(b))
        return exact_equal(a, b);
    if (a.tag() != b.tag()) return false;
    switch (a.tag()) {
    case Tag::Char: return a.as_char() == b.as_char();
    case Tag::Function: return a.function_obj().same(b.function_obj());
    case Tag::Number:
        if (!number::is_float(a.kind()) && !number::is_float(b.kind()))
            return a.as_i64() == b.as_i64();
        return tolerant_equal(a.as_f64(), b.as_f64());
    default: return false;
    }
}

bool is_text_kind(const Value& proto) { return proto.is_char(); }
} // namespace

bool match(const Value& x, const Value& y) {
    check_nesting();
    Value a = x.read(), b = y.read();
    bool a_arr = a.is_stored_array(), b_arr = b.is_stored_array();
    if (a_arr != b_arr) return false;
    if (!a_arr) return atom_equal(a, b);
    const ArrayData& p = a.array_data();
    const ArrayData& q = b.array_data();
    if (p.shape() != q.shape()) return false;
    if (!same_layout(p.layout(), q.layout())) return false; // keys and axis names match too
    if (p.count() == 0) {
        Value pp = p.prototype(), qp = q.prototype();
        if (is_text_kind(pp) != is_text_kind(qp)) return false;
        return pp.is_stored_array() == qp.is_stored_array() &&
               (!pp.is_stored_array() || match(pp, qp));
    }
    for (int64_t i = 0; i < p.count(); i++)
        if (!match(p.item(i), q.item(i))) return false;
    return true;
}

namespace {
int rank_class(const Value& v) {
    return is_numeric_atom(v) ? 0 : v.is_char() ? 1 : 2;
}
// Order of two real numbers, NaN after all.
int compare_real(double p, double q) {
    bool np = std::isnan(p), nq = std::isnan(q);
    if (np || nq) return np == nq ? 0 : (np ? 1 : -1);
    return p < q ? -1 : p > q;
}
} // namespace

int compare(const Value& x, const Value& y) {
    check_nesting();
    Value a = x.read(), b = y.read();
    if (a.is_function() || b.is_function())
        throw base::Error(base::ErrorKind::Domain, "functions have no order");
    int ca = rank_class(a), cb = rank_class(b);
    if (ca != cb) return ca < cb ? -1 : 1;
    if (ca == 0 && (a.is_complex() || b.is_complex())) {
        int c = compare_real(a.re(), b.re());
        return c ? c : compare_real(a.im(), b.im());
    }
    if (ca == 0 && (a.is_exact() || b.is_exact())) {
        // exactly, against a float's stored value; ±∞ and NaN (no exact value) by their doubles
        Ref<number::Exact> p = exact_of(a), q = exact_of(b);
        if (!p || !q) return compare_real(a.as_f64(), b.as_f64());
        int c = number::compare(*p, *q);
        return (c > 0) - (c < 0);
    }
    if (ca == 0) {
        if (!number::is_float(a.kind()) && !number::is_float(b.kind()))
            return a.as_i64() < b.as_i64() ? -1 : a.as_i64() > b.as_i64();
        return compare_real(a.as_f64(), b.as_f64());
    }
    if (ca == 1) return a.as_char() < b.as_char() ? -1 : a.as_char() > b.as_char();
    const ArrayData& p = a.array_data();
    const ArrayData& q = b.array_data();
    if (p.rank() != q.rank()) return p.rank() < q.rank() ? -1 : 1;
    int64_t n = std::min(p.count(), q.count());
    for (int64_t i = 0; i < n; i++) {
        int c = compare(p.item(i), q.item(i));
        if (c) return c;
    }
    if (p.count() != q.count()) return p.count() < q.count() ? -1 : 1;
    return p.shape() < q.shape() ? -1 : p.shape() > q.shape();
}

int64_t depth(const Value& x) {
    check_nesting();
    Value v = x.read();
    if (!v.is_stored_array()) return 0;
    const ArrayData& a = v.array_data();
    if (!a.is_boxed()) return 1;
    int64_t d = 0;
    for (const Value& item : a.boxed_items()) d = std::max(d, depth(item));
    if (a.count() == 0) d = depth(a.prototype());
    return 1 + d;
}

} // namespace bpl::value
