// Lexer: numbers, strings, names, glyph classes, strands and line breaks (language.md §2, §3.2).
#include "lang/lexer.h"
#include "number/exact.h"
#include "value/array.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace bpl::lang {
namespace {

using base::ErrorKind;
using number::Kind;

std::vector<Tok> kinds(std::string_view src) {
    std::vector<Tok> out;
    for (const Token& t : lex(src)) out.push_back(t.kind);
    return out;
}

ErrorKind error_of(std::string_view src) {
    try {
        lex(src);
    } catch (const base::Error& e) {
        return e.kind();
    }
    return ErrorKind::Internal;
}

TEST(Lexer, UnmarkedNumbersAreWeakFloats) {
    auto t = lex("¯2.5E¯1");
    ASSERT_EQ(t.size(), 1u);
    EXPECT_TRUE(t[0].value.is_number());
    EXPECT_EQ(t[0].value.kind(), Kind::F64);
    EXPECT_TRUE(t[0].value.weak());
    EXPECT_DOUBLE_EQ(t[0].value.as_f64(), -0.25);
}

TEST(Lexer, MarkedIntegers) {
    auto t = lex("3ₓ ¯7ₓ₁");
    ASSERT_EQ(t.size(), 1u);
    EXPECT_EQ(t[0].literal_count, 2);
    auto a = lex("3ₓ")[0].value;
    EXPECT_EQ(a.kind(), Kind::Int);
    EXPECT_EQ(a.as_i64(), 3);
    EXPECT_FALSE(a.weak());
    EXPECT_EQ(lex("¯7ₓ₁")[0].value.kind(), Kind::I8);
}

TEST(Lexer, InfinityAndOverflow) {
    EXPECT_TRUE(std::isinf(lex("∞")[0].value.as_f64()));
    EXPECT_LT(lex("¯∞")[0].value.as_f64(), 0);
    EXPECT_TRUE(std::isinf(lex("1E999")[0].value.as_f64()));
    EXPECT_TRUE(std::signbit(lex("¯0")[0].value.as_f64()));
}

TEST(Lexer, NumberSyntaxErrors) {
    for (const char* s : {"2.", "¯", "1ₑ", "1ₑ-2", "1ₓ2", "1.5ₓ", "1E2ₓ"})
        EXPECT_EQ(error_of(s), ErrorKind::Syntax) << s;
}

TEST(Lexer, ComplexLiterals) {
    struct Row {
        const char* src;
        double re, im;
    };
    // expectations written from the literals themselves (language.md §2.4)
    for (Row r : {Row{"1j2", 1, 2}, Row{"1J2", 1, 2}, Row{"1ⱼ2", 1, 2}, Row{"¯.5j2E¯1", -0.5, 0.2},
                  Row{"1E2j¯4E¯1", 100, -0.4}, Row{"¯0j2", -0.0, 2}, Row{"0j¯1.5", 0, -1.5}}) {
        std::vector<Token> t = lex(r.src);
        ASSERT_EQ(t.size(), 1u) << r.src;
        EXPECT_TRUE(t[0].value.is_complex()) << r.src;
        EXPECT_EQ(t[0].value.kind(), Kind::C128) << r.src;
        EXPECT_EQ(t[0].value.re(), r.re) << r.src;
        EXPECT_EQ(t[0].value.im(), r.im) << r.src;
    }
    EXPECT_TRUE(std::signbit(lex("¯0j2")[0].value.re()));
    double inf = std::numeric_limits<double>::infinity();
    EXPECT_EQ(lex("1j∞")[0].value.im(), inf);
    EXPECT_EQ(lex("∞j1")[0].value.re(), inf);
    EXPECT_EQ(lex("1j1E309")[0].value.im(), inf);
    EXPECT_EQ(lex("1j¯∞")[0].value.im(), -inf);
}

TEST(Lexer, ComplexWithZeroImaginaryPartIsReal) {
    for (const char* s : {"1j¯0", "1j0", "123j0", "∞j0"}) {
        Value v = lex(s)[0].value;
        EXPECT_TRUE(v.is_number()) << s;
        EXPECT_TRUE(v.weak()) << s;
    }
    EXPECT_EQ(lex("123j0")[0].value.as_f64(), 123);
}

TEST(Lexer, ComplexSyntaxErrors) {
    for (const char* s : {"1ⱼ", "1j2E¯", "1j2ₓ", "1r2j3", "1j2j3", "1ₓj2", "1r2.5", "1r2ₓ", "1j2ⱼ3"})
        EXPECT_EQ(error_of(s), ErrorKind::Syntax) << s;
}

TEST(Lexer, ExactLiterals) {
    auto spelled = [](std::string_view src) {
        Value v = lex(src)[0].value;
        EXPECT_TRUE(v.is_exact()) << src;
        return v.is_exact() ? v.exact().spell() : std::string();
    };
    EXPECT_EQ(spelled("1r3"), "1ᵣ3");
    EXPECT_EQ(spelled("¯2r4"), "¯1ᵣ2");
    EXPECT_EQ(spelled("1r¯2"), "¯1ᵣ2");
    EXPECT_EQ(spelled("3r1"), "3ᵣ");
    EXPECT_EQ(spelled("1ᵣ3"), "1ᵣ3");
    EXPECT_EQ(spelled("5ᵣ"), "5ᵣ");
    EXPECT_EQ(spelled("123456789012345678901234567890ᵣ"), "123456789012345678901234567890ᵣ");
    EXPECT_EQ(spelled("0.5ᵣ"), "1ᵣ2"); // a float from its stored bits
    Value marked = lex("[9007199254740993]ᵣ")[1].value; // the group's literal, every digit kept
    ASSERT_TRUE(marked.is_exact());
    EXPECT_EQ(marked.exact().spell(), "9007199254740993ᵣ");
    EXPECT_EQ(lex("1r3")[0].value.kind(), Kind::Exact);
    EXPECT_EQ(lex("1r3 2")[0].literal_count, 2);
    EXPECT_EQ(error_of("1r0"), ErrorKind::Domain);
    EXPECT_EQ(error_of("0r0"), ErrorKind::Domain);
    for (const char* s : {"1r¯", "1ᵣ¯", "1.5r2", "0.1ᵣ3", "1r2e3", "1r2ᵣ3"})
        EXPECT_EQ(error_of(s), ErrorKind::Syntax) << s;
}

TEST(Lexer, PlainJStartsANameWhenNoPartFollows) {
    EXPECT_EQ(kinds("2j"), (std::vector<Tok>{Tok::Literal, Tok::Name}));
    EXPECT_EQ(kinds("2jx"), (std::vector<Tok>{Tok::Literal, Tok::Name}));
}

TEST(Lexer, PlainEStartsANameWhenNoExponentFollows) {
    auto t = lex("2edges");
    ASSERT_EQ(t.size(), 2u);
    EXPECT_EQ(t[0].kind, Tok::Literal);
    EXPECT_EQ(t[1].kind, Tok::Name);
    EXPECT_EQ(t[1].text, "edges");
}

TEST(Lexer, NamesEndAtDigitsAndUnderscoreAppends) {
    auto t = lex("f2 x_12 x_+ _");
    ASSERT_EQ(t.size(), 5u);
    EXPECT_EQ(t[0].text, "f");
    EXPECT_EQ(t[2].text, "x_12");
    EXPECT_EQ(t[3].text, "x_+");
    EXPECT_EQ(t[4].text, "_");
}

TEST(Lexer, StringsAndCharacters) {
    auto s = lex("\"say \"\"hi\"\"\"")[0].value;
    EXPECT_EQ(s.count(), 8);
    EXPECT_TRUE(lex("'a'")[0].value.is_char());
    EXPECT_EQ(lex("'''")[0].value.as_char(), U'\'');
    EXPECT_EQ(lex("''")[0].value.count(), 0);
    EXPECT_EQ(error_of("'ab'"), ErrorKind::Syntax);
    EXPECT_EQ(error_of("\"abc"), ErrorKind::Syntax);
    EXPECT_EQ(lex("\"({⍝⋄})\"")[0].value.count(), 6);
}

TEST(Lexer, StrandsJoinSpacedLiteralsOnly) {
    auto t = lex("1 2 3⍴'a' 'b'");
    ASSERT_EQ(t.size(), 3u);
    EXPECT_EQ(t[0].literal_count, 3);
    EXPECT_EQ(t[0].value.shape(), value::Shape{3});
    EXPECT_EQ(t[2].literal_count, 2);
    EXPECT_EQ(t[2].value.kind(), Kind::Char);
    EXPECT_EQ(lex("3'b'").size(), 2u); // touching literals stay apart
}

TEST(Lexer, CommentsAndConstants) {
    EXPECT_EQ(kinds("$t $f ⍝ )"), std::vector<Tok>{Tok::Literal});
    EXPECT_EQ(lex("$a")[0].value.count(), 26);
    EXPECT_EQ(lex("•UcS")[0].text, "ucs");
}

TEST(Lexer, GlyphClasses) {
    EXPECT_EQ(kinds("+/⍤←"),
              (std::vector<Tok>{Tok::Function, Tok::Monadic, Tok::Dyadic, Tok::Assign}));
    EXPECT_EQ(kinds("x::y"), (std::vector<Tok>{Tok::Name, Tok::Guard, Tok::Name}));
}

TEST(Lexer, LineBreaksSeparateExceptNextToGroupsAndSeparators) {
    EXPECT_EQ(kinds("1\n2"), (std::vector<Tok>{Tok::Literal, Tok::Diamond, Tok::Literal}));
    EXPECT_EQ(kinds("[\n1\n2\n]"), (std::vector<Tok>{Tok::LBracket, Tok::Literal, Tok::Diamond,
                                                     Tok::Literal, Tok::RBracket}));
    EXPECT_EQ(kinds("1;\n2"), (std::vector<Tok>{Tok::Literal, Tok::Semi, Tok::Literal}));
}

TEST(Lexer, SitesAreByteOffsets) {
    auto t = lex("1÷'a'");
    ASSERT_EQ(t.size(), 3u);
    EXPECT_EQ(t[1].site.begin, 1);
    EXPECT_EQ(t[1].site.end, 3); // ÷ is two bytes
    EXPECT_EQ(t[2].site.begin, 3);
}

} // namespace
} // namespace bpl::lang
