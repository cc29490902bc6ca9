// Function values of the language (language.md §4, §9.3): the one base class every function atom
// derives from, roles, primitive functions, trains, the absent ⍺ marker and the one application
// entry. Operators live in operators.h; dfns in exec.h.
#pragma once

#include "base/error.h"
#include "value/function.h"
#include "value/value.h"

#include <string>
#include <vector>

namespace bpl::lang {

using value::Value;
class Exec;

// What a value is to the binder.
enum class Role : uint8_t {
    Subject,   // number, character, array
    Function,  // a function
    MonadicOp, // a monadic operator (postfix)
    DyadicOp,  // a dyadic operator (infix)
    Partial,   // binder only: a dyadic operator holding its left operand, awaiting the right
};

// A function (or operator) value. call() may throw base::Error; alpha is null for a monadic call.
class Fn : public value::Function {
  public:
    virtual Role role() const { return Role::Function; }
    virtual Value call(Exec& ex, const Value* alpha, const Value& omega) const = 0;
    // An operator value applied to its operands (`self` is this value); functions throw.
    virtual Value derive(const Value& self, Value left, Value right) const;
    // The inverse (operators-and-system.md §13): Z with `alpha f Z ≡ omega` (`f Z ≡ omega` when
    // alpha is null). The default has none: DOMAIN ERROR.
    virtual Value inverse(Exec& ex, const Value* alpha, const Value& omega) const;
    // The inverse with the right argument held: Z with `Z f right ≡ omega`. Default: DOMAIN.
    virtual Value inverse_left(Exec& ex, const Value& right, const Value& omega) const;
    // A function tree's node (display.h function_tree): its label and its parts, left to right;
    // the default has no parts (a leaf, labelled by its source).
    virtual std::vector<Value> tree_parts(std::string* label) const;
};

// The Fn of a function value (v.is_function()).
const Fn& fn_of(const Value& v);
// The role a value binds with: Subject unless it is a function or operator value.
Role role_of(const Value& v);

// Applies f to the arguments: a function value is called; an array operand acts as a constant
// function (§4.5). Throws base::Error from the call; a null or absent alpha makes it monadic.
Value apply(Exec& ex, const Value& f, const Value* alpha, const Value& omega);

// f's inverse applied (Fn::inverse); an array operand (a constant function) has none: DOMAIN.
Value apply_inverse(Exec& ex, const Value& f, const Value* alpha, const Value& omega);
// f's inverse with the right argument held (Fn::inverse_left): Z with `Z f right ≡ omega`.
Value apply_inverse_left(Exec& ex, const Value& f, const Value& right, const Value& omega);
// The function `R g Y` that is `Z` with `Z f R ≡ Y`: the held-right inverse as a function
// value, for operators that map it over cells (each, rank, scans).
Value left_inverse_function(Value f);

// The primitive function written `glyph`: calls go to prim::call; a glyph the primitive table
// lacks raises UNSUPPORTED when called.
Value primitive_function(char32_t glyph);
// The primitive's glyph when f is a primitive function value, else 0.
char32_t primitive_glyph(const Value& f);

// Trains (§4.6): fork `f g h` (f may be a subject), atop `g h`, bound `A f` (monadic only).
Value fork(Value f, Value g, Value h);
Value atop(Value g, Value h);
Value bound(Value a, Value f);

// The absent ⍺ of a monadic dfn call (§6.3): drops out of calls and lists.
const Value& absent();
bool is_absent(const Value& v);

// The source spelling of any value as it appears inside a function's spelling.
std::string spelling(const Value& v);

// Throws VALUE ERROR when v is no result or the absent ⍺ (`what` names the use).
void require_value(const Value& v, const char* what);

} // namespace bpl::lang
