// Internal to math/: the scalar repair routines that vector formulas hand flagged lanes to
// (compiled for the baseline ISA, so every vector file may call them).
#pragma once

namespace bpl::math::repair {

// Platform sin/cos/tan for lanes past the short reduction's limit (and ±∞, NaN).
double sin(double x);
double cos(double x);
double tan(double x);
// Residue on lanes residue_needs_repair flags (X zero or infinite, huge quotients, NaN), and
// its float32 form (exact float32 comparison tolerance).
double residue(double x, double y);
double residue_f32(double x, double y);

} // namespace bpl::math::repair
