// Binder: compiles one statement's items to an instruction tree (language.md §4.2), resolving
// roles from the names' values at the statement's start. Builds constants (literals, primitive
// and operator values); never evaluates anything else.
#pragma once

#include "lang/function.h"
#include "lang/syntax.h"
#include "number/kind.h"

#include <memory>
#include <string>
#include <vector>

namespace bpl::lang {

struct Frame;

// clang-format off
enum class Op : uint8_t {
    Const,        // value
    Name,         // a name's value (role checked against the bound role)
    Alpha, Omega, Del, OperandL, OperandR, OpSelf,
    System,       // a • name: its value from the system table (system.h)
    ErrorConst,   // $e
    QuadRead,     // ⎕ as a value: a line of input
    Monad,        // kids: f ω
    Dyad,         // kids: f ω α
    Strand,       // kids: items (subject runs side by side)
    List,         // kids: bracket items, evaluated left to right
    Field,        // kids: key, value; a `key:value` item of a bracket list (a record's field)
    Rows,         // kids: rows; major cells of one array (`[a ⋄ b]`)
    ParenRows,    // kids: rows; a vector of the rows (`(a ⋄ b)`)
    Derive,       // kids: operator, left operand[, right operand]
    Fork, Atop, Bind, // kids: tines
    Dfn,          // dfn: a closure over the running scope
    Assign,       // name; kids: value
    ModAssign,    // name; kids: function[, value]
    Destructure,  // kids: pattern, value[, function]
    Pattern,      // destructuring target: name, or kids (nested)
    SelectAssign, // name; kids: selection (reading SelectSource), value (none: monadic)[, function]
    SelectSource, // the selected name's positions or value during a selective assignment
    Print,        // kids: value (⎕←)
    DefaultAlpha, // kids: value (⍺←)
    Mark,         // mark; kids: literal group
    Unit,         // kids: function; a scalar holding it (`fᵘ`)
};
// clang-format on

struct Instr {
    Op op = Op::Const;
    Role role = Role::Subject;
    base::Site site;
    Value value;
    std::string name;
    number::Kind mark = number::Kind::F64;
    std::shared_ptr<const DfnSyntax> dfn;
    std::vector<Instr> kids;

    Instr() = default;
    Instr(const Instr&) = default;
    Instr(Instr&&) noexcept = default;
    Instr& operator=(const Instr&) = default;
    Instr& operator=(Instr&&) noexcept = default;
    // Frees the tree without a call per level: a statement of 10⁵ calls binds to a tree that
    // deep, and recursive member destruction would overflow the call stack.
    ~Instr();
};

// Compiles the statement `e` for the frame it runs in. Throws base::Error (SYNTAX ERROR or
// UNSUPPORTED, with a site) for malformed statements.
Instr bind_statement(const Expr& e, const Frame& frame);

// True when a statement compiled to `i` produces a shy result (assignments, ⎕←).
bool is_shy(const Instr& i);

} // namespace bpl::lang
