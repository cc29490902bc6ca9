// Internal to math/: the shared float formulas (exp, log, pow, ...) written once over an Ops
// interface. Scalar entry points for the per-item route.
#pragma once

#include <cmath>

namespace bpl::math::formula {

template <class T>
inline T exp_scalar(T x) {
    return std::exp(x);
}
template <class T>
inline T log_scalar(T x) {
    return std::log(x);
}
template <class T>
inline T pow_scalar(T x, T y) {
    return std::pow(x, y);
}

} // namespace bpl::math::formula
