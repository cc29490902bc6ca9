// The primitive functions: the table's enum, each row's facts, and dispatch, the one numerical
// entry. Every call of a primitive goes through call(); numerical work becomes pending graph
// nodes built by the row factory; host values (boxed arrays) are handled by the row's host rule.
#pragma once

#include "math/kernel.h"
#include "value/value.h"

#include <optional>

namespace bpl::prim {

using value::Value;

enum class Prim : uint8_t {
#define PRIM(name, glyph, mfn, dfn) name,
#include "prim/table.inc"
#undef PRIM
};

struct PrimInfo {
    const char* name;   // enum spelling, for reports
    char32_t glyph;     // how it is written
    std::optional<math::Fn> monadic_fn; // scalar (pervasive) monadic meaning, if any
    std::optional<math::Fn> dyadic_fn;  // scalar (pervasive) dyadic meaning, if any
};

// The row of p. Never throws.
const PrimInfo& info(Prim p);
// The primitive written as `glyph`, if there is one.
std::optional<Prim> of_glyph(char32_t glyph);

// Monadic and dyadic calls: return a pending value for numerical work, or a stored value for
// host work. Throw base::Error for construction, shape, type and domain errors found at the call;
// data errors inside kernels surface at the read.
Value call(Prim p, const Value& omega);
Value call(Prim p, const Value& alpha, const Value& omega);

// f/ and f\ (and ⌿ ⍀ when first_axis) with a primitive operand: a Fold step for rows whose math
// object has fold facts. nullopt when the row has none (the caller then runs its generic host
// reduction, which calls the operand item by item through call()).
std::optional<Value> reduce(Prim p, const Value& omega, bool first_axis);
std::optional<Value> scan(Prim p, const Value& omega, bool first_axis);

// alpha f.g omega with primitive operands (operators-and-system.md §10): one Product step when
// f and g are scalar rows, f has fold facts for g's result kind, g's kind does not depend on the
// values, and both arguments are native numbers (or both characters, compared by = or ≠);
// kinds as f/ alpha g omega gives them. nullopt otherwise (the caller runs its generic host
// product). Throws LENGTH ERROR for contraction lengths that differ, LIMIT ERROR for a result
// past MAX_ITEMS and DOMAIN ERROR for an empty contraction without an identity.
std::optional<Value> product(Prim f, Prim g, const Value& alpha, const Value& omega);

// Held while an empty frame's call on prototype arguments runs (operators-and-system.md §3.3):
// then ⊃ with an out-of-range position gives fill instead of an INDEX ERROR.
class PrototypeCall {
  public:
    PrototypeCall() noexcept;
    ~PrototypeCall();
    PrototypeCall(const PrototypeCall&) = delete;
    PrototypeCall& operator=(const PrototypeCall&) = delete;
    static bool active() noexcept;
};

} // namespace bpl::prim
