// Lowering: a function's formula on a float kind as machine operations, traced from the formula
// itself with symbolic items, so a compiled stage (jit/) runs exactly the arithmetic
// the kernels run: the same operations in the same order, each rounded as the kernel rounds it.
// Plain arithmetic lowers from its per-item formula (ops_table.h); a function with a vector
// recipe (formulas.h: exp on float64) lowers from that recipe's common formula, repair key and
// full formula, as its vector kernel runs them. The others do not lower: the block kernels serve.
#pragma once

#include "math/kernel.h"

#include <cstdint>
#include <vector>

namespace bpl::math {

// The operations a traced formula is made of, each on whole vectors of one float width: float
// values (F), integer lanes of the same width (I, the float's bits where a formula reinterprets),
// and lane masks (M).
enum class MachineOp : uint8_t {
    Const,      // F: the constant k in every lane
    Add, Sub, Mul, Div, Neg, // F
    Fma,        // F: a×b+c rounded once
    Abs, Sqrt,  // F
    Select,     // F or I: a mask, then the value where set, then where not
    Less, LessEqual, Greater, GreaterEqual, Equal, NotEqual, // M from F (ordered; NotEqual unordered)
    MaskOr, MaskAnd, MaskNot,
    IConst,     // I: the integer i in every lane
    IAdd, ISub, IMul, IAnd, IOr, // I, wrapping (IMul: the low half of the product)
    IShl, IShr, ISra,      // I shifted by the count i (logical left, logical right, arithmetic right)
    IGreater,   // M from I, signed
    Lookup16,   // F: table[b & 15] per lane (b an I; `table` 16 items)
};

// One operation on earlier values: value v < arity is argument v; v ≥ arity is the result of
// ops[v - arity]. A reinterpretation (bits, from_bits) is no operation: the value is the same.
struct TracedOp {
    MachineOp op;
    int a = 0, b = 0, c = 0;
    double k = 0;
    int64_t i = 0;
    const double* table = nullptr;
};

struct Trace {
    int arity = 0;
    std::vector<TracedOp> ops;
    int result = 0; // the value the formula returns
};

// A lowered function: its common formula, and when that does not serve every lane, its repair:
// the lanes whose key (an I value) is above `above` (signed) take the full formula's value.
struct Lowered {
    Trace common;
    bool repairs = false;
    Trace key;
    int64_t above = 0;
    Trace full;
};

// Whether f on kind k (F64, F32; Int or I64 for wrapping + − × and negation) lowers (what lower
// would answer, without tracing). Never throws.
bool lowers(Fn f, Kind k) noexcept;
// Traces f on kind k into `out`. False (out unspecified) when f does not lower. Never throws.
bool lower(Fn f, Kind k, Lowered& out) noexcept;

} // namespace bpl::math
