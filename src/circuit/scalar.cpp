// Scalar functions for the circuit core (see scalar.h): the platform libm for now; these move to
// src/math's objects when that library lands, so each function has one implementation.
#include "circuit/scalar.h"

#include <cmath>

namespace bpl::circuit {

double round_f32(double x) { return static_cast<double>(static_cast<float>(x)); }

double sigmoid(double a) {
    if (a >= 0) return 1.0 / (1.0 + std::exp(-a));
    double e = std::exp(a);
    return e / (1.0 + e);
}

double gaussian(double d, double t) {
    double z = d / t;
    return std::exp(-(z * z));
}

namespace {
// CPython's float_divmod, returning both parts.
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
