// Every scalar math call of the circuit core (exp, sigmoid, the Gaussian, Python's float divmod,
// float32 rounding). None of them goes through src/math: scalar.cpp says why for each (the spec's
// bit-exact requirements); exact IEEE operations (+ − × ÷) stay plain C++ operators elsewhere.
#pragma once

#include "circuit/circuit.h"

namespace bpl::circuit {

// Round-to-nearest-even binary64 → float32 → binary64 (may give ±inf on overflow).
double round_f32(double x);
// The platform's exp (the libm exp that Python's math.exp calls; spec §6.1).
double platform_exp(double x);
// σ(a): 1/(1+exp(−a)) for a ≥ 0, exp(a)/(1+exp(a)) for a < 0 (spec §7).
double sigmoid(double a);
// G(d) = exp(−(d/T)²).
double gaussian(double d, double t);
// CPython's float a // b and a % b (spec §7.1); b must be non-zero.
double py_floordiv(double a, double b);
double py_mod(double a, double b);
// True when v lies in the domain: finite, integral for int32, 0/1 for boolean, within the bounds.
bool in_domain(const Domain& d, double v);

} // namespace bpl::circuit
