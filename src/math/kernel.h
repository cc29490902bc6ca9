// The math library's interface to the engine: plain functions over buffers of one kind, selected
// by the scalar function (Fn) and the item kind. The engine (prim/, program/) calls only these;
// every scalar function's formula, validity and fold facts live behind them, in one object per Fn.
// Kernels never throw and never allocate per item: data errors go to the ErrorSlot.
#pragma once

#include "base/error.h"
#include "number/kind.h"

#include <atomic>
#include <cstdint>

namespace bpl::math {

using number::Kind;

// The comparison tolerance: relative 1e-14 for float64 and complex128 (functions.md 0.7; = < ≤ ⌊
// and the searches use it); float16/32, complex64 and integers compare exactly.
inline constexpr double CT = 1e-14;

// The first data error of a run and how many there were (the session holds one; kernels on any
// thread record into it; the engine raises it at a checkpoint).
struct ErrorSlot {
    std::atomic<uint32_t> count{0};
    base::ErrorKind kind = base::ErrorKind::Domain;
    const char* message = ""; // static text
    void record(base::ErrorKind k, const char* msg) noexcept {
        if (count.fetch_add(1, std::memory_order_acq_rel) == 0) {
            kind = k;
            message = msg;
        }
    }
    bool has_error() const noexcept { return count.load(std::memory_order_acquire) != 0; }
    void clear() noexcept { count.store(0); }
};

// clang-format off
// Every scalar function of BPL (functions.md §2–3) plus hidden specials. One object each.
enum class Fn : uint8_t {
    // monadic
    Conjugate, Negate, Direction, Reciprocal, Floor, Ceiling, Magnitude, Exp, Ln, Not,
    Sqrt, Factorial, PiTimes,
    // dyadic
    Add, Subtract, Multiply, Divide, Min, Max, Residue, Power, Log,
    Equal, NotEqual, Less, LessEqual, Greater, GreaterEqual, And, Or, Nand, Nor,
    // monadic, float results (circle codes 1–3 and 5–7 and their inverses, ∛, hidden specials)
    Sin, Cos, Tan, Asin, Acos, Atan, Sinh, Cosh, Tanh, Asinh, Acosh, Atanh, Cbrt, Log1p, Expm1,
    LambertW, // principal branch W₀: the inverse of Y×*Y (NaN below −1/e on real kinds)
    // dyadic, float results
    Root,  // X√Y: Y*÷X, the real root of a negative Y for odd integral X
    // monadic circle codes without a name of their own: 0○ 4○ 8○ and the inverses 4○⁻¹ 8○⁻¹
    Circle0, Circle4, Circle8, Circle4Inv, Circle8Inv,
    // dyadic
    Binomial, // X!Y: Y choose X (gamma, with APL's negative-integer extension)
    PiRatio,  // XπY: X×π÷Y
    ResidueExact, // X|Y without the tolerant step on floats (⊤'s digits of float input)
    CodePoint, // character arithmetic: the character at code point X+Y (X a code point, Y an
               // integral offset); result kind Char (the engine converts X from Char)
    // monadic complex parts (∨ and ∧ monads): result kinds are real (number::real_part)
    Real, Imag, Phase,
    // static kinds' ⌊ ⌈ × on real floats: float results (functions.md 0.5); other kinds as Floor,
    // Ceiling, Direction
    FloorFloat, CeilingFloat, DirectionFloat,
    // the real forms the marks resolve to (√ₐ ⍟ₐ *ₐ ○ₐ, K○ₐ⁻Y; seed part 21): the real part of
    // the principal value, computed on real floats without the complex form (√ₐ¯4 is 0, ⍟ₐ¯1 is
    // 0, ¯8*ₐ÷3 is 1); on complex operands the real part of the complex function's value.
    // Result kinds are real (number::real_part); never value-dependent.
    RealSqrt, RealLn, RealCircle0, RealCircle8, RealAsin, RealAcos, RealAcosh, RealAtanh,
    RealCircle4Inv, RealCircle8Inv,
    RealPow,  // X*ₐY
    RealRoot, // X√ₐY
    RealLog,  // X⍟ₐY
};
// clang-format on
constexpr int FN_COUNT = static_cast<int>(Fn::RealLog) + 1;
// True for functions of two arguments.
bool is_dyadic(Fn f);
// "Add", "Exp", ... for messages and tests.
const char* name(Fn f);

// The kind of f's result when its operands are items of `operand` (after conversion to it).
// For example Equal on F64 gives Bool, Divide on Int gives Int (floor division, D2).
Kind result_kind(Fn f, Kind operand);
// The kind operands of kinds a and b are converted to before f runs on them (for Bool/Bool
// arithmetic this may be wider than both). Pure, never throws; Char operands are the caller's.
Kind operand_kind(Fn f, Kind a, Kind b);
Kind operand_kind(Fn f, Kind a);

// out[i] = f(a[i*sa]) for i < n. Strides count items; 0 repeats one item.
void unary(Fn f, Kind k, const void* a, int64_t sa, void* out, int64_t n, ErrorSlot& slot);
// out[i] = f(a[i*sa], b[i*sb]) for i < n; a and b are items of kind k, out of result_kind(f, k).
void binary(Fn f, Kind k, const void* a, int64_t sa, const void* b, int64_t sb, void* out,
            int64_t n, ErrorSlot& slot);
// f on kind k resolved once: the vector route of the instruction set in use for k (null where k
// has none), so a caller running f over many blocks (a block stage) skips the dispatch unary()
// and binary() make per call. A route returns false where f has no vector route on k; the
// kernel then runs the scalar loop. Same results as unary() and binary().
using UnaryRoute = bool (*)(Fn f, const void* a, int64_t sa, void* out, int64_t n);
using BinaryRoute = bool (*)(Fn f, const void* a, int64_t sa, const void* b, int64_t sb, void* out,
                             int64_t n);
struct Kernel {
    Fn f = Fn::Add;
    Kind k = Kind::F64;
    UnaryRoute unary_route = nullptr;
    BinaryRoute binary_route = nullptr;
    void unary(const void* a, int64_t sa, void* out, int64_t n, ErrorSlot& slot) const;
    void binary(const void* a, int64_t sa, const void* b, int64_t sb, void* out, int64_t n,
                ErrorSlot& slot) const;
};
Kernel kernel(Fn f, Kind k);
// One item of f on kind k, resolved once (a plan resolves its atom steps' when it is made, so
// running one pays no dispatch on f and k): `run(f, k, a, b, out, slot)` computes what unary or
// binary computes for n = 1 (b unused for a monadic f). + − × ÷ run their scalar formula directly
// (every route rounds them alike); every other function goes through unary/binary for one item,
// so an atom always agrees with the same item of an array.
struct ItemKernel {
    void (*run)(Fn f, Kind k, const void* a, const void* b, void* out, ErrorSlot& slot) = nullptr;
    Fn f = Fn::Add;
    Kind k = Kind::F64;
    void operator()(const void* a, const void* b, void* out, ErrorSlot& slot) const {
        run(f, k, a, b, out, slot);
    }
};
ItemKernel item_kernel(Fn f, Kind k);
// Dynamic kinds (D5): true when every result of f on these operands is real, so the real kind
// of result_kind serves; false when some item needs the complex continuation (√¯4, ⍟¯1, ¯8*÷3,
// 2○⁻¹2 ...), and the caller should convert the operands to number::complex_of(k) and run f there.
// b may be null for monadic f. Reads every item; never throws.
bool is_real_result(Fn f, Kind k, const void* a, int64_t sa, const void* b, int64_t sb, int64_t n);
// Dynamic kinds: the kind to run f in, given operands already converted to k: complex_of(k)
// when some item needs the complex continuation (is_real_result is false), float_of(k) for an
// integer Power with a negative exponent (2ₓ*¯1ₓ is 0.5), else k. Reads every item; never throws.
Kind dynamic_kind(Fn f, Kind k, const void* a, int64_t sa, const void* b, int64_t sb, int64_t n);
// Dynamic kinds by ranges: true when dynamic_kind answers k for every pair of operands (items
// of kind k) whose values lie in xlo..xhi and ylo..yhi (NaN items aside): the ranges decide the
// kind and no item need be read (√ of a range ≥ 0, ⍟ of one > 0, X*Y with X ≥ 0). False when
// they do not decide it. Never throws.
bool real_on(Fn f, Kind k, double xlo, double xhi, double ylo, double yhi);
// Dynamic kinds: true for the functions whose result kind may depend on the operands' values
// (dynamic_kind may answer a kind other than k for them); for the others it never reads.
bool is_value_dependent(Fn f);
// Converts n items; to must hold every value of from, or the caller accepts rounding/wrapping.
void convert(Kind from, const void* in, Kind to, void* out, int64_t n);

// Fold facts. identity() writes f's identity as one item of result_kind(f, k) and returns true,
// or returns false when f has none (an infinite identity saturates in an integer kind).
bool identity(Fn f, Kind k, void* out);
// The kind an empty reduction's result has: result_kind(f, k), except that ⌊ and ⌈ on integer
// kinds give float64, since their identities ∞ and ¯∞ are not integers (⌊/⍬ₓ is ∞).
Kind identity_kind(Fn f, Kind k);
// Right-to-left APL fold of n items a[0], a[s], ... a[(n-1)s] (n >= 1) into *out, of kind
// result_kind(f, k), which must equal k for a fold (the caller converts first).
void fold(Fn f, Kind k, const void* a, int64_t s, int64_t n, void* out, ErrorSlot& slot);

// Size in bytes of one item of kind k (Exact is a host kind with no buffer: 0).
int item_size(Kind k);

} // namespace bpl::math
