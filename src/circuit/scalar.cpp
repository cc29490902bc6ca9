// Scalar functions for the circuit core (see scalar.h). Each one is either the platform's exp or an
// exact IEEE operation; why none of them is src/math's object is written beside it.
#include "circuit/scalar.h"

#include <cmath>

namespace bpl::circuit {

// An exact conversion (round to nearest even), the float32 rounding point of spec §6.2; not a
// math function.
double round_f32(double x) { return static_cast<double>(static_cast<float>(x)); }

// Stays on libm, not src/math's Exp, because the spec needs the platform exp bit for bit:
// §10.6 makes tensorcode.program.sigmoid (Python, math.exp, i.e. this libm exp) the reference
// formula and §14.1's verify compares with atol=0 by default, so a compiled sigmoid must equal
// it exactly; §6.1 says "sigmoid and the relaxations use the platform exp". src/math's Exp is
// within 0.98 ulp (docs/accuracy.md) but not correctly rounded: on 2,000,000 random binary64
// arguments it differed from glibc's exp by 1 ulp on about 10% (exp(1) among them), and a
// compiled sigmoid then disagreed with the plain-Python one on 931 of 20,000 inputs.
// tests/python/test_scalar.py guards this.
double platform_exp(double x) { return std::exp(x); }

double sigmoid(double a) {
    if (a >= 0) return 1.0 / (1.0 + platform_exp(-a));
    double e = platform_exp(a);
    return e / (1.0 + e);
}

// The relaxations use the same platform exp as sigmoid (§6.1), so one program never mixes two exps.
double gaussian(double d, double t) {
    double z = d / t;
    return platform_exp(-(z * z));
}

namespace {
// CPython's float_divmod (spec §7.1), returning both parts. Built from exact operations only
// (fmod, floor, copysign): src/math's Residue and Floor are APL's tolerant ones for binary64
// (a quotient within the comparison tolerance of an integer counts as that integer), so they
// disagree with Python, for example 0.3 % 0.1 is 0.09999999999999998 in Python, not 0.
void py_divmod(double a, double b, double* div_out, double* mod_out) {
    double mod = std::fmod(a, b);
    double div = (a - mod) / b;
    if (mod != 0) {
        if ((b < 0) != (mod < 0)) {
            mod += b;
            div -= 1.0;
        }
    } else {
        mod = std::copysign(0.0, b);
    }
    double q;
    if (div != 0) {
        q = std::floor(div);
        if (div - q > 0.5) q += 1.0;
    } else {
        q = std::copysign(0.0, a / b);
    }
    *div_out = q;
    *mod_out = mod;
}
} // namespace

double py_floordiv(double a, double b) {
    double d, m;
    py_divmod(a, b, &d, &m);
    return d;
}

double py_mod(double a, double b) {
    double d, m;
    py_divmod(a, b, &d, &m);
    return m;
}

bool in_domain(const Domain& d, double v) {
    if (!std::isfinite(v)) return false;
    if (d.type == DomainType::Boolean) {
        if (v != 0.0 && v != 1.0) return false;
    } else if (d.type == DomainType::Int32) {
        if (std::floor(v) != v) return false;
    }
    return v >= d.lo() && v <= d.hi();
}

} // namespace bpl::circuit
