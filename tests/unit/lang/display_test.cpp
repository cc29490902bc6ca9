// Display of complex numbers (language.md §12.1): parts joined by ⱼ, a zero imaginary part shown
// as the real it equals, in strands, one-item and empty vectors and aligned matrices.
#include "last_display.h"

#include <gtest/gtest.h>

namespace bpl::lang {
namespace {

std::string shown(std::string_view src) { return test::last_display(src); }

TEST(DisplayComplex, Atoms) {
    EXPECT_EQ(shown("1j2"), "1ⱼ2");
    EXPECT_EQ(shown("¯0.5j0.2"), "¯0.5ⱼ0.2");
    EXPECT_EQ(shown("¯0j2"), "¯0ⱼ2");
    EXPECT_EQ(shown("1j∞"), "1ⱼ∞");
    EXPECT_EQ(shown("∞j¯2"), "∞ⱼ¯2");
    EXPECT_EQ(shown("¯1E¯100j¯2E¯99"), "¯1ₑ¯100ⱼ¯2ₑ¯99");
    EXPECT_EQ(shown("1E17j1"), "1ₑ17ⱼ1");
}

TEST(DisplayComplex, ZeroImaginaryPartShowsAsReal) {
    EXPECT_EQ(shown("1j2×1j¯2"), "5");   // (1+2i)(1-2i) = 5
    EXPECT_EQ(shown("2j¯3+¯2j3"), "0");
    EXPECT_EQ(shown("0j2÷0j1"), "2");
}

TEST(DisplayComplex, Vectors) {
    EXPECT_EQ(shown("1j2 3j¯4"), "1ⱼ2 3ⱼ¯4");
    EXPECT_EQ(shown("1 2j3 4"), "1 2ⱼ3 4");
    EXPECT_EQ(shown(",1j2"), "[1ⱼ2]");
    EXPECT_EQ(shown("0⍴1j2"), "⍬");
    EXPECT_EQ(shown("1j2 3j4×1j¯2 3j¯4"), "5 25");
}

TEST(DisplayComplex, MatrixColumnsAlignAtTheSeparator) {
    EXPECT_EQ(shown("2 2⍴1j2 3 ¯1j¯2 4"), " 1ⱼ2  3\n¯1ⱼ¯2 4");
}

TEST(DisplayComplex, FormatUsesTheSameText) {
    EXPECT_EQ(shown("⍕3j9"), "3ⱼ9");
    EXPECT_EQ(shown("⍕1j2×1j¯2"), "5");
}

} // namespace
} // namespace bpl::lang

namespace bpl::lang {
namespace {

// Display recurses once per level of nesting: when the call stack is nearly full it is a LIMIT
// ERROR, not a stack overflow (about 15000 levels crashed), and later displays are unaffected.
TEST(DisplayNesting, DeepArraysReachALimitNotTheStack) {
    std::string deep = test::last_display("{⊂⍵}⍣100000 ⊢ 1");
    EXPECT_NE(deep.find("LIMIT ERROR"), std::string::npos) << deep.substr(0, 80);
    EXPECT_NE(test::last_display("⍕{⍵ 1}⍣30000 ⊢ 1").find("LIMIT ERROR"), std::string::npos);
    std::string shallow = test::last_display("{⊂⍵}⍣4000 ⊢ 1");
    EXPECT_EQ(shallow.size(), 4000 * std::string("⊂").size() + 1);
    EXPECT_EQ(test::last_display("{⊂⍵}⍣2 ⊢ 1 2"), "⊂⊂[1 2]");
}

} // namespace
} // namespace bpl::lang
