// Operators (language.md §4.5): the one OperatorInfo table (glyph, valence, call) and operator
// values. A row without a call is a known glyph that raises UNSUPPORTED when its derived
// function is called.
#pragma once

#include "lang/function.h"

namespace bpl::lang {

// An operator's derived function call: `left`/`right` are the operands (right is none for a
// monadic operator); alpha is null for a monadic call.
using OperatorCall = Value (*)(Exec& ex, const Value& left, const Value& right, const Value* alpha,
                               const Value& omega);

// The inverse of a derived function, computed from its operands (operators-and-system.md §13):
// Z with `alpha (left op right) Z ≡ omega`.
using OperatorInverse = Value (*)(Exec& ex, const Value& left, const Value& right,
                                  const Value* alpha, const Value& omega);
// The inverse with the derived function's right argument `held`: Z with `Z (left op right) held
// ≡ omega`.
using OperatorInverseLeft = Value (*)(Exec& ex, const Value& left, const Value& right,
                                      const Value& held, const Value& omega);

// The inverse of the self-application `Z (left op right) Z` (what (left op right)⍨ inverts
// monadically): Z with that ≡ omega.
using OperatorInverseSelf = Value (*)(Exec& ex, const Value& left, const Value& right,
                                      const Value& omega);

// The checks of an operator's operands that need no arguments, made when the function is derived
// (a bad agenda is an error before any call): throws base::Error.
using OperandCheck = void (*)(const Value& left, const Value& right);

struct OperatorInfo {
    char32_t glyph;
    bool dyadic;
    const char* name;  // for messages
    OperatorCall call; // null: not supported yet
    OperatorInverse inverse;          // null: the derived function has no inverse (DOMAIN)
    OperatorInverseLeft inverse_left; // null: none with the right argument held (DOMAIN)
    OperatorInverseSelf inverse_self; // null: none of `Z f Z` (DOMAIN)
    OperandCheck check = nullptr;     // null: operands are checked at the call only
};

// The row of an operator glyph (the lexer's Monadic/Dyadic classes), or null.
const OperatorInfo* operator_info(char32_t glyph);
// The operator written `glyph` as a value (role MonadicOp or DyadicOp).
Value operator_value(char32_t glyph);
// f⁻: the derived function whose call inverts f and whose inverse calls f.
Value inverse_function(Value f);
// A function mark as a monadic operator: `fₐ` (real = true) or a kind mark `fₓ fᵣ fₛ …`
// (operators-and-system.md §17).
Value mark_operator(bool real, number::Kind kind);
// The dyadic operator `glyph` with its right operand bound: a monadic operator (`f¹` is f⍤1).
Value operator_with_right(char32_t glyph, Value right);

} // namespace bpl::lang
