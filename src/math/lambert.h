// Internal to math/: the principal branch W₀ of the Lambert W function (the inverse of w×*w), on
// reals and complex numbers, per item. Scalar only: a series or asymptotic start, then Halley.
#pragma once

#include <cmath>
#include <complex>
#include <limits>

namespace bpl::math::lambert {

// e split in two doubles, so e·x + 1 (the distance to the branch point −1/e, scaled) keeps its
// low bits near x = −1/e.
inline constexpr double E_HI = 2.718281828459045;
inline constexpr double E_LO = 1.4456468917292502e-16;

// W near the branch point from p = √(2(e·x+1)): −1 + p − p²/3 + 11p³/72 − ... (Corless et al.
// 1996, eq. 4.22); exact to rounding for p < 1e-2 (the next term is 0.0156p⁷), a start for
// Halley beyond.
template <class T>
inline T branch_series(T p) {
    return T(-1) +
           p * (T(1) + p * (T(-1.0 / 3) + p * (T(11.0 / 72) +
                p * (T(-43.0 / 540) + p * (T(769.0 / 17280) + p * T(-221.0 / 8505))))));
}

// Halley's iteration on w·eʷ − x from w until the step is below rounding (at most 32 steps).
template <class T, class R>
inline T halley(T w, T x) {
    for (int i = 0; i < 32; i++) {
        T e = std::exp(w);
        T f = w * e - x;
        T w1 = w + T(1);
        T step = f / (e * w1 - (w + T(2)) * f / (T(2) * w1));
        w -= step;
        if (!(std::abs(step) > R(4) * std::numeric_limits<R>::epsilon() * std::abs(w))) break;
    }
    return w;
}

// W₀(x) on reals: real for x ≥ −1/e (W(−1/e) is −1, and an x within an ulp below it too), NaN
// below; W(∞) is ∞, W(±0) is ±0.
inline double w0(double x) {
    if (x != x || x == 0 || x == std::numeric_limits<double>::infinity()) return x;
    double q = std::fma(E_HI, x, 1.0) + E_LO * x;
    if (q < -0x1p-52) return std::numeric_limits<double>::quiet_NaN();
    if (q <= 0) return -1;
    double p = std::sqrt(2 * q);
    if (p < 1e-2) return branch_series(p);
    double w;
    if (p < 0.5) {
        w = branch_series(p);
    } else if (x < 3) {
        double l = std::log1p(x);
        w = l * (1 - std::log1p(l) / (2 + l));
    } else {
        double l1 = std::log(x), l2 = std::log(l1);
        w = l1 - l2 + l2 / l1;
    }
    if (x > 1e300) { // Newton on w + ln w − ln x: eʷ is not formed
        double lx = std::log(x);
        for (int i = 0; i < 8; i++) w -= (w + std::log(w) - lx) / (1 + 1 / w);
        return w;
    }
    return halley<double, double>(w, x);
}

// W₀(z) on complex numbers: the branch whose cut is the real axis left of −1/e, continuous with
// the upper half-plane there (as the real kinds' NaN region, reached from above).
template <class R>
inline std::complex<R> w0(std::complex<R> z) {
    using C = std::complex<double>;
    C x(z.real(), z.imag());
    if (x.imag() == 0 && x.real() >= -0.36787944117144233)
        return std::complex<R>(R(w0(x.real())), z.imag());
    if (std::isinf(x.real()) || std::isinf(x.imag())) {
        C l = std::log(x);
        return std::complex<R>(R(l.real()), R(l.imag()));
    }
    if (x.real() != x.real() || x.imag() != x.imag()) return z;
    C q = C(E_HI) * x + C(1.0) + C(E_LO) * x;
    if (x.imag() == 0) q = C(q.real(), 0.0); // on the cut: the upper side
    // the start, in the principal region: the branch-point series within its disc of
    // convergence (|q| < 1), Winitzki's log1p form near 0, else the asymptotic
    // log z − log log z + log log z ÷ log z
    C w;
    if (std::abs(q) < 1) {
        w = branch_series(std::sqrt(C(2.0) * q));
    } else if (std::abs(x) < 1.5 && x.real() > -0.5) {
        C l = std::log(C(1.0) + x);
        w = l * (C(1.0) - std::log(C(1.0) + l) / (C(2.0) + l));
    } else {
        C l1 = std::log(x), l2 = std::log(l1);
        w = l1 - l2 + l2 / l1;
    }
    if (std::abs(q) < 5e-5) return std::complex<R>(R(w.real()), R(w.imag()));
    w = halley<C, double>(w, x);
    return std::complex<R>(R(w.real()), R(w.imag()));
}

} // namespace bpl::math::lambert
