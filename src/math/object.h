// One object per scalar function: the facts beside its formula (ops_table.h, formulas.h), each
// held once: partial derivatives as ordinary calls, range rule, validity predicate with its error
// kind, repair predicate and routine, fold facts. The derivative level, range analysis and the
// builder read these; the kernels in kernel.h run the formula.
#pragma once

#include "base/error.h"
#include "math/kernel.h"

#include <cstdint>

namespace bpl::math {

// A closed interval of float64 values (NaN results are outside every range rule's promise).
struct Interval {
    double lo, hi;
};

// A partial derivative as a postfix program of ordinary calls on x, y (the operands) and f (the
// function's result): "x Cos" is cos x, "y x y 1 Subtract Power Multiply" is y×x*(y−1).
struct PartialStep {
    enum Op : uint8_t { X, Y, F, Const, Call1, Call2 } op;
    Fn fn;
    double c;
};
struct Partial {
    static constexpr int MAX = 24;
    PartialStep steps[MAX];
    int n = 0; // 0: the partial is zero almost everywhere (comparisons, floor, logic)
};

struct Object {
    Fn fn;
    int arity;
    const char* dx_text; // the partials as written (for messages and docs)
    const char* dy_text;
    Partial dx, dy;
    // Contains f(x, y) for every x in X, y in Y (every kind computing in float64 or narrower).
    Interval (*range)(Interval x, Interval y);
    // True where (x, y), items of kind k, are a data error; `error` is its kind. Null: total.
    bool (*invalid)(Kind k, double x, double y);
    base::ErrorKind error;
    // The repair predicate (true: the fast formula does not serve this lane on kind k) and the
    // scalar routine that replaces it. Null: the formula serves every lane.
    bool (*needs_repair)(Kind k, double x);
    double (*repair)(double x);
    // Fold facts: associative (a fold may be split), and reassociation allowed for floats
    // (functions.md 0.6: float sums and products in reductions may be reassociated).
    bool associative;
    bool reassociate;
    // The identity of a fold with f (what f/⍬ gives, before conversion to the result kind);
    // NaN: none.
    double identity;
};

// The object's range rule for operands of kind k: the float64 rule widened by k's rounding
// (4 ulps of float32 or float16) where k is narrower. Never throws.
Interval range_of(const Object& o, Kind k, Interval x, Interval y);
// The object of f. Never throws.
const Object& object(Fn f);
// Evaluates a partial at (x, y) with result f through the kernels on float64. Never throws.
double eval_partial(const Partial& p, double x, double y, double f);

} // namespace bpl::math
