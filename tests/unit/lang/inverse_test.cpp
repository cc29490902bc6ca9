// Inverses of derived functions through run(): each form is checked by a round trip (f⁻ f Y
// gives Y back) and against the structural rule it follows (operators-and-system.md §7, §13).
#include "last_display.h"

#include <gtest/gtest.h>

namespace bpl::lang {
namespace {

std::string eval(std::string_view src) { return test::last_display(src); }

TEST(Inverse, RoundTripsThroughDerivedForms) {
    // Each function undoes itself on 1 2 3 (the argument comes back unchanged).
    for (const char* f : {"(2↣+)", "(-↢3)", "(-∘÷)", "(-⍥(2↣×))", "(2↣×)¨", "(+↢1)⍤0", "+\\",
                          "(1+)⍣3", "(32+2×)", "((1↣-)⊘-)", "(2↣⌽)", "(×⍨)"}) {
        std::string g = std::string("(") + f + ")";
        std::string src = g + "⁻ " + g + " 1 2 3";
        EXPECT_EQ(eval(src), "1 2 3") << src;
    }
}

TEST(Inverse, AtopInvertsInReverseOrder) {
    EXPECT_EQ(eval("(-∘÷)⁻ ¯0.25"), eval("÷⁻ -⁻ ¯0.25"));
    EXPECT_EQ(eval("(-∘÷)⁻ ¯0.25"), "4");
}

TEST(Inverse, TheInverseOfAnInverseIsTheFunction) {
    EXPECT_EQ(eval("f←3↣+ ⋄ (f⁻)⁻ 5"), "8");
    EXPECT_EQ(eval("3(+⁻)⁻5"), "8");
}

TEST(Inverse, HeldArgumentsFollowTheComposition) {
    EXPECT_EQ(eval("3 -↣+⁻ 7"), "10");   // (-3) + Z ≡ 7
    EXPECT_EQ(eval("(+↢-↢2)⁻3"), "5");   // Z + (-2) ≡ 3
    EXPECT_EQ(eval("2 (+↢-)⍨⁻ 3"), "5"); // Z (+↢-) 2 ≡ 3
}

TEST(Inverse, MissingInversesAreDomainErrors) {
    for (const char* src : {"⌊⁻2.5", "-↣+⁻ 0", "((+⇄-)↢3)⁻8", "+/⁻6", "0↣×⁻0"})
        EXPECT_EQ(eval(src).rfind("DOMAIN ERROR", 0), 0u) << src << ": " << eval(src);
}

} // namespace
} // namespace bpl::lang
