// Lexer: source text to tokens (language.md §2). Owns numbers, strings, characters, constants,
// names, glyph classes, comments, literal strands and the line-break rules of §3.2. No parsing
// of groups and no evaluation happens here; literals are built as values directly.
#pragma once

#include "base/error.h"
#include "number/kind.h"
#include "value/value.h"

#include <string>
#include <string_view>
#include <vector>

namespace bpl::lang {

using value::Value;

// clang-format off
enum class Tok : uint8_t {
    Literal,    // a literal or a literal strand of them: `value`
    Name,       // a user name: `text`
    System,     // a • name, lower-cased without the bullet: `text`
    Constant,   // $e (the caught error): `text`
    Quad,       // ⎕
    Alpha,      // ⍺
    Omega,      // ⍵
    Del,        // ∇
    OperandL,   // ⍶
    OperandR,   // ⍹
    OpSelf,     // ⍢
    Function,   // a primitive function glyph: `glyph`
    Monadic,    // a monadic operator glyph: `glyph`
    Dyadic,     // a dyadic operator glyph: `glyph`
    Assign,     // ←
    Pipe,       // →
    Dot,        // . (not a decimal point)
    Colon,      // :
    Guard,      // ::
    Question,   // ?
    LParen, RParen, LBracket, RBracket, LBrace, RBrace,
    Semi,       // ;
    Diamond,    // ⋄ or a line break that separates
    Mark,       // a kind mark written alone after a group (`]ₓ`): `kind`
    Script,     // a superscript or selection subscript: `text`
};
// clang-format on

struct Token {
    Tok kind = Tok::Literal;
    bool space_before = false; // a space (or the line start) separates it from the previous token
    base::Site site;           // byte offsets into the source
    char32_t glyph = 0;        // for Function, Monadic, Dyadic
    std::string text;          // for Name, System, Constant, Script
    Value value;               // for Literal
    int literal_count = 0;     // for Literal: how many literals the strand joined (1 alone)
    std::vector<Token> parts;  // for a strand: its literals (brackets without `;` split it)
    number::Kind mark = number::Kind::F64; // for Mark
};

// Tokens of `source`. Throws base::Error (SYNTAX ERROR, with its site) for malformed literals,
// unclosed strings and characters, and characters outside the glyph set.
std::vector<Token> lex(std::string_view source);

// "literal", "name", "(" ...: the spelling of a token class for messages and tests.
const char* tok_name(Tok t);

} // namespace bpl::lang
