// Syntax: the parser's output, the grouping of tokens (language.md §3). Statements are flat item
// lists; roles are not decided here (the binder does that when a statement runs).
#pragma once

#include "lang/lexer.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace bpl::lang {

struct Syn;
// The items of one expression (a statement, a parenthesised group, a `;` item) in source order.
using Expr = std::vector<Syn>;

// The contents of a bracket list or one row: items separated by spaces (each item one run) or,
// with `semis`, by `;` (each item a whole expression).
struct BracketList {
    bool semis = false;
    std::vector<Expr> items;
};

struct DfnSyntax;

enum class SynKind : uint8_t {
    Token,       // one token
    Paren,       // ( expr )
    ParenRows,   // ( row ⋄ row … ): a vector of the rows
    Bracket,     // [ list ]
    BracketRows, // [ row ⋄ row … ]: rows are major cells
    Dfn,         // { … }
};

struct Syn {
    SynKind kind = SynKind::Token;
    Token tok;                      // the token; for groups: site spans the group, space_before
    Expr expr;                      // Paren
    std::vector<BracketList> rows;  // Bracket (one list), BracketRows, ParenRows
    std::shared_ptr<const DfnSyntax> dfn; // Dfn
    bool space_before() const { return tok.space_before; }
};

// One statement of a dfn body: plain, a predicate `C?`, or an error guard `kinds::handler`.
struct DfnStmt {
    enum class Kind : uint8_t { Plain, Predicate, Guard };
    Kind kind = Kind::Plain;
    Expr expr;   // the statement, the predicate's condition or the guard's handler
    Expr kinds;  // Guard: the kinds expression
    base::Site site;
};

struct DfnSyntax {
    std::vector<std::vector<DfnStmt>> bodies; // separated by `;`
    bool uses_left_operand = false;           // ⍶ outside nested braces: an operator
    bool uses_right_operand = false;          // ⍹: a dyadic operator
    std::string text;                         // the source spelling `{…}`
    base::Site site;
};

// A top-level statement: its items and its site.
struct Statement {
    Expr expr;
    base::Site site;
};

// Groups the tokens of `source` into statements. Throws base::Error (SYNTAX ERROR) for
// unbalanced groups, `;` outside brackets and braces, mixed `;` and `⋄` in one bracket pair,
// empty `;` items and misplaced `?` or `::`.
std::vector<Statement> parse(std::string_view source);

// The site from the first to the last item of `e` ({-1,-1} when empty).
base::Site site_of(const Expr& e);

} // namespace bpl::lang
