// Internal to math/: each scalar function's per-item formula on every machine kind (the scalar
// route: the host path, repairs and tests). One struct per Fn; `apply` never throws and records
// data errors into the ErrorSlot. Float transcendentals call the shared formulas (formulas.h).
#pragma once

#include "math/items.h"
#include "math/kernel.h"

#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace bpl::math::scalar {

using base::ErrorKind;

template <class C>
inline bool teq(C a, C b) {
    if constexpr (std::is_same_v<C, double>) {
        // no early exit, so loops over it vectorize; ∞ = ∞ by the first test (∞−∞ is NaN), and
        // a finite difference is required, so ∞ is tolerantly equal to nothing else (∞≠¯∞, ∞≠1)
        double d = std::fabs(a - b), fa = std::fabs(a), fb = std::fabs(b);
        return (a == b) | ((d <= CT * (fa > fb ? fa : fb)) & (d < HUGE_VAL));
    } else if constexpr (std::is_same_v<C, c128>) {
        if (a == b) return true;
        double d = std::abs(a - b);
        return d < HUGE_VAL && d <= CT * std::fmax(std::abs(a), std::abs(b));
    } else {
        return a == b;
    }
}

template <class C>
inline C wrap_add(C a, C b) {
    using U = std::make_unsigned_t<C>;
    return static_cast<C>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
}
template <class C>
inline C wrap_sub(C a, C b) {
    using U = std::make_unsigned_t<C>;
    return static_cast<C>(static_cast<U>(static_cast<U>(a) - static_cast<U>(b)));
}
template <class C>
inline C wrap_mul(C a, C b) {
    using U = std::make_unsigned_t<C>;
    // promote narrow types to unsigned int so the product never overflows a signed int
    using W = std::conditional_t<(sizeof(C) < sizeof(unsigned)), unsigned, U>;
    return static_cast<C>(static_cast<U>(static_cast<W>(static_cast<U>(a)) *
                                         static_cast<W>(static_cast<U>(b))));
}

// Floor division (D2); b == 0 records DOMAIN and gives 0. Never traps on MIN ÷ ¯1 (wraps).
template <class C>
inline C floor_div(C a, C b, ErrorSlot& slot) {
    if (b == 0) {
        slot.record(ErrorKind::Domain, "integer division by zero");
        return 0;
    }
    if (b == -1) return wrap_sub<C>(0, a);
    C q = static_cast<C>(a / b);
    if (static_cast<C>(a % b) != 0 && ((a < 0) != (b < 0))) q = static_cast<C>(q - 1);
    return q;
}

// Y modulo X with the sign of X; 0|Y is Y. Exact over the whole integer range.
template <class C>
inline C int_residue(C x, C y) {
    if (x == 0) return y;
    if (x == -1 || x == 1) return 0;
    C r = static_cast<C>(y % x);
    if (r != 0 && ((r < 0) != (x < 0))) r = static_cast<C>(r + x);
    return r;
}

// TOLERANT false: no tolerant step (⊤ encodes float input exactly, functions.md 9.1).
template <class C, bool TOLERANT = true>
inline C float_residue(C x, C y) {
    if (x == 0) return y;
    if (std::isinf(x)) {
        if (!std::isfinite(y)) return std::numeric_limits<C>::quiet_NaN();
        return (y == 0 || (y < 0) == (x < 0)) ? y : x;
    }
    if constexpr (std::is_same_v<C, double> && TOLERANT) {
        C q = y / x;
        if (std::fabs(q) < 0x1p52 && teq(q, std::nearbyint(q))) return C(0);
    }
    C q = y / x, r;
    if (std::fabs(q) < (std::is_same_v<C, double> ? C(0x1p51) : C(0x1p22))) {
        // y − x⌊y÷x⌋ in one rounding: exact whenever |y| ≥ |x| (the result is a multiple of
        // x's ulp below 2|x|); a quotient rounded across an integer is fixed by ± x
        r = std::fma(-x, std::floor(q), y);
        if (r != 0 && ((r < 0) != (x < 0))) r += x;
        if ((x > 0) ? r >= x : r <= x) r -= x;
    } else {
        r = std::fmod(y, x);
        if (r != 0 && ((r < 0) != (x < 0))) r += x;
    }
    if (r == x) r = 0;
    return r;
}

// Gaussian (APL) floor of a complex number, tolerant for complex128; a tie on the diagonal goes
// to the imaginary side (functions.md: ⌊1.5j0.5 is 1j1).
template <class C>
inline C gauss_floor(C z) {
    using R = typename C::value_type;
    // tolerant for complex128: a number within CT of a Gaussian integer is that integer
    if constexpr (std::is_same_v<R, double>) {
        C n(std::nearbyint(z.real()), std::nearbyint(z.imag()));
        if (n != z && std::abs(z - n) <= CT * std::abs(z)) return n;
    }
    R f = std::floor(z.real()), g = std::floor(z.imag());
    R x = z.real() - f, y = z.imag() - g;
    if (x + y < 1) return {f, g};
    if (x > y) return {f + 1, g};
    return {f, g + 1};
}

template <class C>
inline C int_gcd(C a, C b) {
    using U = std::make_unsigned_t<C>;
    U x = a < 0 ? static_cast<U>(U(0) - static_cast<U>(a)) : static_cast<U>(a);
    U y = b < 0 ? static_cast<U>(U(0) - static_cast<U>(b)) : static_cast<U>(b);
    while (y != 0) {
        U t = static_cast<U>(x % y);
        x = y;
        y = t;
    }
    return static_cast<C>(x);
}

// GCD of two real floats (functions.md 3.3): the ratio r = big÷small of the magnitudes is
// recovered as a fraction p÷q by continued fractions, stopping at the first convergent within the
// comparison tolerance of r (float64 CT; float32 a relative 1e-6); the GCD is then small÷q, so
// 1∨103993÷33102 is ÷33102, and the order of the arguments does not matter. A ratio past the
// float's integer range (or ∞) is an integer: the GCD is the smaller magnitude.
template <class C>
inline C float_gcd(C a, C b, ErrorSlot& slot) {
    if (!std::isfinite(a) || !std::isfinite(b)) {
        slot.record(ErrorKind::Domain, "gcd/lcm of a non-finite number");
        return std::numeric_limits<C>::quiet_NaN();
    }
    C big = std::fmax(std::fabs(a), std::fabs(b)), small = std::fmin(std::fabs(a), std::fabs(b));
    if (small == 0) return big;
    double r = double(big) / double(small);
    if (!(r < 0x1p52)) return small;
    double tol = (std::is_same_v<C, double> ? CT : 1e-6) * r;
    double h1 = 1, h2 = 0, k1 = 0, k2 = 1, t = r;
    for (int i = 0; i < 64; ++i) {
        double n = std::floor(t);
        double h = n * h1 + h2, k = n * k1 + k2;
        h2 = h1, h1 = h, k2 = k1, k1 = k;
        double f = t - n;
        if (std::fabs(r - h / k) <= tol || f == 0) break;
        t = 1 / f;
    }
    return static_cast<C>(double(small) / k1);
}

// Gaussian GCD of two complex floats (functions.md 3.3): Euclid's algorithm with each quotient
// rounded to the nearest Gaussian integer, until the remainder is within a relative 1e-13
// (float64; 1e-5 for complex64) of the larger magnitude; the result is the associate in the
// first quadrant (real part > 0, imaginary part ≥ 0), so 3.8j7.6∨5.2j6.8 is 0.2.
template <class C>
inline C complex_gcd(C a, C b, ErrorSlot& slot) {
    using R = typename C::value_type;
    auto finite = [](C z) { return std::isfinite(z.real()) && std::isfinite(z.imag()); };
    if (!finite(a) || !finite(b)) {
        slot.record(ErrorKind::Domain, "gcd/lcm of a non-finite number");
        return C(std::numeric_limits<R>::quiet_NaN(), 0);
    }
    auto gauss_round = [](C z) { return C(std::nearbyint(z.real()), std::nearbyint(z.imag())); };
    C x = a, y = b;
    R tol = (std::is_same_v<R, double> ? R(1e-13) : R(1e-5)) * std::fmax(std::abs(a), std::abs(b));
    for (int i = 0; i < 200 && std::abs(y) > tol; ++i) {
        C r = x - gauss_round(x / y) * y;
        x = y;
        y = r;
    }
    if (x == C(0)) return x;
    // Euclid's remainders carry rounding; with the cofactors m = a÷g and n = b÷g (Gaussian
    // integers) g is refitted by least squares: g = (a×m̄ + b×n̄) ÷ (|m|² + |n|²).
    C m = gauss_round(a / x), n = gauss_round(b / x);
    R w = std::norm(m) + std::norm(n);
    if (w > 0) x = (a * std::conj(m) + b * std::conj(n)) / w;
    // a part below the tolerance of the magnitude is rounding: it must not pick the quadrant
    R eps = (std::is_same_v<R, double> ? R(CT) : R(1e-6)) * std::abs(x);
    x = C(std::fabs(x.real()) <= eps ? R(0) : x.real(), std::fabs(x.imag()) <= eps ? R(0) : x.imag());
    for (int i = 0; i < 4 && !(x.real() > 0 && x.imag() >= 0); ++i) x = C(x.imag(), -x.real()); // × ¯i
    return x;
}

template <class C>
inline bool is_bit(C v) {
    if constexpr (is_cpx_v<C>) return v.imag() == 0 && (v.real() == 0 || v.real() == 1);
    else return v == C(0) || v == C(1);
}
template <class C>
inline bool truth(C v) {
    if constexpr (is_cpx_v<C>) return v.real() != 0;
    else return v != C(0);
}

template <class C>
inline C nan_or_zero() {
    if constexpr (is_flt_v<C>) return std::numeric_limits<C>::quiet_NaN();
    else if constexpr (is_cpx_v<C>) {
        using R = typename C::value_type;
        return C(std::numeric_limits<R>::quiet_NaN(), 0);
    } else return C{};
}

template <class C>
inline C domain(ErrorSlot& slot, const char* msg) {
    slot.record(ErrorKind::Domain, msg);
    return nan_or_zero<C>();
}

} // namespace bpl::math::scalar
