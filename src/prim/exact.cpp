// Exact (ᵣ) atoms in the scalar rows: which pairs compute exactly (through number/exact), which
// convert for the native route, and characters beside an exact number.
#include "prim/exact.h"

#include "base/error.h"
#include "number/exact.h"
#include "value/match.h"

namespace bpl::prim {

using base::Ref;
using number::Exact;
using number::Kind;
using value::Value;

namespace {

using enum math::Fn;

bool is_comparison(math::Fn fn) {
    return fn == Equal || fn == NotEqual || fn == Less || fn == LessEqual || fn == Greater ||
           fn == GreaterEqual;
}

[[noreturn]] void domain(const char* message) { throw base::Error(base::ErrorKind::Domain, message); }

// x's exact value when a pair with it computes exactly: exact, Boolean and integer atoms, and an
// integral weak literal (D3) except in a comparison, where a literal is approximate (§10.4).
Ref<Exact> exact_operand(const Value& x, bool comparison) {
    if (x.is_exact()) return x.exact_ref();
    if (!x.is_number()) return {};
    if (!number::is_float(x.kind())) return Exact::of(x.as_i64());
    double f = x.as_f64();
    bool integral = x.weak() && f == static_cast<double>(static_cast<int64_t>(f)) && f > -0x1p63 &&
                    f < 0x1p63;
    if (!integral || comparison) return {};
    return Exact::of(static_cast<int64_t>(f));
}

Value boolean(bool b) { return Value::boolean(b); }
Value of_exact(Ref<Exact> e) { return Value::exact(std::move(e)); }

// fn on two exact numbers; nothing when fn has no exact form (a fractional power, ⍟, !, ...).
std::optional<Value> exact_pair(math::Fn fn, const Exact& x, const Exact& y) {
    switch (fn) {
    case Add: return of_exact(number::add(x, y));
    case Subtract: return of_exact(number::subtract(x, y));
    case Multiply: return of_exact(number::multiply(x, y));
    case Divide: return of_exact(number::divide(x, y));
    case Residue: return of_exact(number::residue(x, y));
    case Power: {
        std::optional<int64_t> n = y.try_i64();
        if (!n) return std::nullopt;
        return of_exact(number::power(x, *n));
    }
    case Root: {
        std::optional<int64_t> n = x.try_i64();
        if (!n || *n == 0 || *n == INT64_MIN) return std::nullopt;
        std::optional<Ref<Exact>> r = number::try_root(y, *n < 0 ? -*n : *n);
        if (!r) return std::nullopt;
        return of_exact(*n < 0 ? number::reciprocal(**r) : *r);
    }
    case Equal: return boolean(number::equal(x, y));
    case NotEqual: return boolean(!number::equal(x, y));
    case Less: return boolean(number::compare(x, y) < 0);
    case LessEqual: return boolean(number::compare(x, y) <= 0);
    case Greater: return boolean(number::compare(x, y) > 0);
    case GreaterEqual: return boolean(number::compare(x, y) >= 0);
    case Or: return of_exact(number::gcd(x, y));
    case And: return of_exact(number::lcm(x, y));
    default: return std::nullopt;
    }
}

// A character beside an exact number: only ± by a whole number, and = ≠ (never equal).
Value char_step(math::Fn fn, const Value& a, const Value& w) {
    if (fn == Equal || fn == NotEqual) return boolean(fn == NotEqual);
    const Value& c = a.is_char() ? a : w;
    const Value& n = a.is_char() ? w : a;
    bool shifts = fn == Add || (fn == Subtract && a.is_char());
    if (!shifts || !n.is_exact() || c.is_exact() || !n.exact().is_integer())
        domain("expected numeric elements");
    std::optional<int64_t> d = n.exact().try_i64();
    int64_t code = static_cast<int64_t>(c.as_char());
    if (!d || *d > 0x10FFFF || *d < -0x10FFFF) domain("a character outside Unicode");
    code = fn == Add ? code + *d : code - *d;
    if (code < 0 || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF))
        domain("a character outside Unicode");
    return Value::character(static_cast<char32_t>(code));
}

} // namespace

Value exact_as(const Value& x, Kind k) {
    if (!x.is_exact()) return x;
    if (number::is_complex(k)) return Value::complex(x.exact().to_double(), 0, k);
    return Value::real(x.exact().to_double(), number::is_float(k) ? k : Kind::F64, false);
}

std::optional<Value> exact_monad(math::Fn fn, const Value& w) {
    const Exact& x = w.exact();
    switch (fn) {
    case Conjugate:
    case Real: return w;
    case Imag: return of_exact(Exact::of(0));
    case Negate: return of_exact(number::negate(x));
    case Direction: case DirectionFloat: return of_exact(Exact::of(x.sign()));
    case Reciprocal: return of_exact(number::reciprocal(x));
    case Floor: case FloorFloat: return of_exact(number::floor(x));
    case Ceiling: case CeilingFloat: return of_exact(number::ceiling(x));
    case Magnitude: return of_exact(number::magnitude(x));
    case Sqrt: {
        std::optional<Ref<Exact>> r = number::try_root(x, 2);
        if (!r) return std::nullopt;
        return of_exact(*r);
    }
    default: return std::nullopt;
    }
}

ExactStep exact_dyad(math::Fn fn, const Value& a, const Value& w) {
    if (a.is_char() || w.is_char()) return {char_step(fn, a, w), {}, {}};
    if (a.is_function() || w.is_function()) domain("a function is not a number");
    bool comparison = is_comparison(fn);
    Ref<Exact> x = exact_operand(a, comparison), y = exact_operand(w, comparison);
    if (x && y) {
        if (fn == Min || fn == Max) {
            bool first = fn == Min ? number::compare(*x, *y) <= 0 : number::compare(*x, *y) >= 0;
            return {of_exact(first ? x : y), {}, {}};
        }
        if (std::optional<Value> r = exact_pair(fn, *x, *y)) return {std::move(r), {}, {}};
        return {std::nullopt, exact_as(a, Kind::F64), exact_as(w, Kind::F64)};
    }
    // An approximate partner: the pair computes in its float or complex kind. ⌊ and ⌈ between
    // reals pick an operand as it is, so ¯∞⌈1r3 stays 1r3.
    const Value& other = x ? w : a;
    bool real = !a.is_complex() && !w.is_complex();
    if (real && (fn == Min || fn == Max)) {
        int c = value::compare(a, w);
        return {(fn == Min) == (c <= 0) ? a : w, {}, {}};
    }
    Kind k = other.is_complex() || number::is_float(other.kind()) ? other.kind() : Kind::F64;
    return {std::nullopt, exact_as(a, k), exact_as(w, k)};
}

} // namespace bpl::prim
