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

struct OperatorInfo {
    char32_t glyph;
    bool dyadic;
    const char* name;  // for messages
    OperatorCall call; // null: not supported yet
};

// The row of an operator glyph (the lexer's Monadic/Dyadic classes), or null.
const OperatorInfo* operator_info(char32_t glyph);
// The operator written `glyph` as a value (role MonadicOp or DyadicOp).
Value operator_value(char32_t glyph);
// The dyadic operator `glyph` with its right operand bound: a monadic operator (`f¹` is f⍤1).
Value operator_with_right(char32_t glyph, Value right);

} // namespace bpl::lang
