// Internal to math/: the scalar repair routines that vector formulas hand flagged lanes to
// (compiled for the baseline ISA, so every vector file may call them).
#pragma once

namespace bpl::math::repair {

// Platform sin/cos/tan for lanes past the short reduction's limit (and ±∞, NaN).
double sin(double x);
double cos(double x);
double tan(double x);
// Power on lanes pow_needs_repair flags (x ≤ 0, ±∞, NaN, y ±∞ or NaN): the full formula.
double pow(double x, double y);

} // namespace bpl::math::repair
