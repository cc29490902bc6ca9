// End to end through run(): binding, calls, trains, operators, dfns, assignment and errors,
// checked through display() of each statement's result.
#include "lang/display.h"
#include "lang/run.h"
#include "math/random.h"

#include <gtest/gtest.h>

namespace bpl::lang {
namespace {

class TestIo : public Io {
  public:
    void print(const std::string& text) override { printed += text + "\n"; }
    std::optional<std::string> read_line() override { return std::nullopt; }
    std::string printed;
};

// The display of every result, one per line, or the error report.
std::string eval(std::string_view src, std::string* printed = nullptr) {
    TestIo io;
    Context ctx(io);
    std::string out;
    try {
        run(ctx, src, [&](const value::Value& v) {
            if (!out.empty()) out += "\n";
            out += display(v);
        });
    } catch (const base::Error& e) {
        out = error_report(e, src);
    }
    if (printed) *printed = io.printed;
    return out;
}

std::string kind_of(std::string_view src) {
    std::string r = eval(src);
    return r.substr(0, r.find(':'));
}

TEST(Run, Literals) {
    EXPECT_EQ(eval("1 2 3"), "1 2 3");
    EXPECT_EQ(eval("3ₓ"), "3ₓ");
    EXPECT_EQ(eval("'a' 'b' 'c'"), "abc");
    EXPECT_EQ(eval("[1 2 ⋄ 3 4]"), "1 2\n3 4");
    EXPECT_EQ(eval("[1 0 1]ₓ"), "[1 0 1]ₓ");
}

TEST(Run, CallsRightToLeft) {
    EXPECT_EQ(eval("2×3+4"), "14");
    EXPECT_EQ(eval("10-3-2"), "9");
    EXPECT_EQ(eval("a←1 ⋄ b←2 ⋄ c←3 ⋄ d←4 ⋄ a+b × c+d"), "21");
    EXPECT_EQ(eval("2×3 + 4"), "10");
    EXPECT_EQ(eval("x←3 ⋄ x+1 ÷ 2"), "2");
    EXPECT_EQ(eval("f←- ⋄ 5(f)3"), "2");
    EXPECT_EQ(eval("a←1 ⋄ b←2 ⋄ a b+1"), "1 3");
}

TEST(Run, Trains) {
    EXPECT_EQ(eval("f←32+1.8× ⋄ f100"), "212");
    EXPECT_EQ(eval("(0.5×⊢+÷) 2"), "1.25");
    EXPECT_EQ(eval("2 (1-×) 5"), "¯9");
    EXPECT_EQ(eval("(2+)3"), "5");
    EXPECT_EQ(kind_of("3 (2×) 4"), "SYNTAX ERROR");
}

TEST(Run, Operators) {
    EXPECT_EQ(eval("+/1 2 3"), "6");
    EXPECT_EQ(eval("+ / 1 2 3"), "6");
    EXPECT_EQ(eval("{⍺+⍵}/1 2 3"), "6");
    EXPECT_EQ(eval("-\\1 2 3"), "1 ¯1 ¯4");
    EXPECT_EQ(eval("{⍺-⍵}\\1 2 3"), "1 ¯1 ¯4");
    EXPECT_EQ(eval("-¨⊂3"), "⊂¯3");
    EXPECT_EQ(eval("e←¨ ⋄ sum←+/ ⋄ sum e [[1 2] [3 4 5]]"), "3 12");
    EXPECT_EQ(eval("1 2 {⍺×⍵}¨ 3 4"), "3 8");
    EXPECT_EQ(eval("-⍨3"), "0");
    EXPECT_EQ(eval("2-⍨3"), "1");
}

TEST(Run, Dfns) {
    EXPECT_EQ(eval("{⍵<0?-⍵;⍵}¯3"), "3");
    EXPECT_EQ(eval("{a←⍵ ⋄ a>9?\"big\";a>0?\"small\";\"none\"}5"), "small");
    EXPECT_EQ(eval("{⍵=0?1;⍵×∇⍵-1}5"), "120");
    EXPECT_EQ(eval("{⍺-⍵}3"), "¯3");
    EXPECT_EQ(eval("{(2×⍺)-⍵}3"), "¯3");
    EXPECT_EQ(eval("{[⍺ ⍵]}3"), "[3]");
    EXPECT_EQ(eval("f←{⍺←1÷0 ⋄ ⍺+⍵} ⋄ 10 f 3"), "13");
    EXPECT_EQ(eval("twice←{⍶ ⍶ ⍵} ⋄ -twice 3"), "3");
    EXPECT_EQ(eval("2 +{⍺ ⍶ ⍹ ⍵}- 3"), "¯1");
    EXPECT_EQ(kind_of("1+{}0"), "VALUE ERROR");
    EXPECT_EQ(kind_of("{1?1;2}0 ⋄ {0?1}0"), "DOMAIN ERROR");
    EXPECT_EQ(kind_of("{x←2 ⋄ {x+⍵}}0"), "DOMAIN ERROR");
}

TEST(Run, TailCallsLoopAndDeepRecursionIsALimit) {
    EXPECT_EQ(eval("{⍵=0?0;∇⍵-1}100000"), "0");
    EXPECT_EQ(eval("0 {⍵=0?⍺;(⍺+⍵)∇⍵-1} 100"), "5050");
    EXPECT_EQ(kind_of("{⍵=0?0;1+∇⍵-1}1000000"), "LIMIT ERROR");
}

TEST(Run, Guards) {
    EXPECT_EQ(eval("{\"DOMAIN\"::0 ⋄ ÷⍵}'a'"), "0");
    EXPECT_EQ(eval("{\"VALUE\" \"DOMAIN\"::8 ⋄ missingname}0"), "8");
    EXPECT_EQ(eval("{a←2 ⋄ ∞::a ⋄ a+←3 ⋄ 1÷'a'}0"), "5");
}

TEST(Run, Assignment) {
    EXPECT_EQ(eval("x←3"), "");
    EXPECT_EQ(eval("1+a←3"), "4");
    EXPECT_EQ(eval("a←1+b←2 ⋄ [a b]"), "3 2");
    EXPECT_EQ(eval("x←1 ⋄ x+←2 ⋄ x"), "3");
    EXPECT_EQ(eval("x←1 2 3 ⋄ x⌽← ⋄ x"), "3 2 1");
    EXPECT_EQ(eval("[top bottom]←2 3⍴⍳6 ⋄ bottom"), "[3 4 5]ₓ");
    EXPECT_EQ(eval("[c d]←5 ⋄ c d"), "5 5");
    EXPECT_EQ(eval("a←1 ⋄ b←2 ⋄ [a b]+←3 ⋄ [a b]"), "4 5");
    EXPECT_EQ(eval("a←10 ⋄ f←{a+←⍵ ⋄ a} ⋄ z←f3 ⋄ z,a"), "13 13");
    EXPECT_EQ(eval("{a←1 ⋄ +a+←3}0"), "3");
}

TEST(Run, ScriptsAndDotIndex) {
    EXPECT_EQ(eval("v←10 20 30 ⋄ v₁²"), "400");
    EXPECT_EQ(eval("v←10 20 30 ⋄ v₋₁"), "30");
    EXPECT_EQ(eval("2⁻¹"), "0.5");
    EXPECT_EQ(eval("[1 2 ⋄ 3 4]ᵀ"), "1 3\n2 4");
    EXPECT_EQ(eval("v←10 20 30 ⋄ 9,v.[1],3"), "9 20 3");
    EXPECT_EQ(eval("+/¹ 2 3⍴⍳6"), "[3 12]ₓ");
    EXPECT_EQ(eval("x←2 ⋄ y←3 ⋄ x y ²"), "2 9");
    EXPECT_EQ(eval("x←1 2 ⋄ [2 3 ₁;x+1 ₁]"), "3 3");
    EXPECT_EQ(kind_of("2 3 ²+1"), "SYNTAX ERROR");
    EXPECT_EQ(kind_of("v←1 2 ⋄ v ₁←5"), "SYNTAX ERROR");
}

TEST(Run, RankPowerOuter) {
    EXPECT_EQ(eval("+/⍤1[2 3]⍴⍳6"), "[3 12]ₓ");
    EXPECT_EQ(eval("{1+⍳⍵}⍤0 [2 4]"), "1 2 0 0\n1 2 3 4");
    EXPECT_EQ(eval("(1+)⍣3(0)"), "3");
    EXPECT_EQ(eval("f←{⍵+1} ⋄ f⍣{⍺>10} 0"), "11");
    EXPECT_EQ(eval("1 2 +⊗ 10 20"), "11 21\n12 22");
}

TEST(Run, CompositionsAndSeededReduce) {
    EXPECT_EQ(eval("2 -∘+ 3"), "¯5");
    EXPECT_EQ(eval("\"abc\" ,↢⌽ \"de\""), "abced");
    EXPECT_EQ(eval("y←3 ⋄ -↢10 y"), "¯7");
    EXPECT_EQ(eval("f←{⍵×2}⊘{⍺+⍵} ⋄ [f 5;3 f 5]"), "10 8");
    EXPECT_EQ(eval("10-/1 2 3"), "¯8");
    EXPECT_EQ(eval("(⊂10)+/1 2 3"), "⊂16");
    EXPECT_EQ(eval("+/[[1 2] [3 4]]"), "4 6");
}

TEST(Run, InnerProduct) {
    EXPECT_EQ(eval("1 2 3 +.× 4 5 6"), "32");
    EXPECT_EQ(eval("1 2 3 +.(×⍨) 4 5 6"), "32");
    EXPECT_EQ(eval("[1 2 ⋄ 3 4] +.× [5 6 ⋄ 7 8]"), "19 22\n43 50");
}

TEST(Run, Execute) {
    EXPECT_EQ(eval("x←5 ⋄ {⍎\"x+⍵\"}1"), "6");
    EXPECT_EQ(eval("⍎\"a←2\""), "2");
}

TEST(Run, SelectiveAssignment) {
    EXPECT_EQ(eval("v←1 2 3 ⋄ v₁←5 ⋄ v"), "1 5 3");
    EXPECT_EQ(eval("a←1 2 ⋄ (3↑a)←4 ⋄ a"), "4 4");
    EXPECT_EQ(eval("a←1 2 ⋄ (↑a)←3 4 ⋄ a"), "[[3 4] 2]");
    EXPECT_EQ(eval("a←1 2 3 ⋄ a.[[1 1]]+←10 20 ⋄ a"), "1 32 3");
    EXPECT_EQ(eval("a←1 2 3 ⋄ 1+(⌽a)←4 5 6"), "5 6 7");
    EXPECT_EQ(eval("a←1 2 3 ⋄ 2×a₂+←10"), "20");
    EXPECT_EQ(kind_of("a←1 2 ⋄ (1+a)←0"), "DOMAIN ERROR");
    EXPECT_EQ(eval("x←1 2 3 ⋄ {\"INDEX\"::x ⋄ x.[[0 5]]←9}0"), "1 2 3");
}

TEST(Run, FunctionArraySelection) {
    EXPECT_EQ(eval("fs←[+ × ÷] ⋄ 2 fs₁ 3"), "6");
    EXPECT_EQ(kind_of("⎕"), base::name(base::ErrorKind::Io));
}

TEST(Run, QuadPrints) {
    std::string printed;
    EXPECT_EQ(eval("(⎕←1)+(⎕←2)", &printed), "3");
    EXPECT_EQ(printed, "2\n1\n");
}

TEST(Run, ErrorReport) {
    EXPECT_EQ(eval("1÷'a'").substr(0, 12), "DOMAIN ERROR");
    std::string r = eval("x←1\n2+y");
    EXPECT_NE(r.find(" --> <source>:2:3\n2+y\n  ^"), std::string::npos) << r;
    EXPECT_EQ(kind_of("1;2"), "SYNTAX ERROR");
}

TEST(Run, CallsOnPrototypesDrawNothing) {
    // With an empty frame, Each, Rank and outer product call their function once on prototypes;
    // that call runs no draw: it takes no stream from the session generator (operators-and-
    // system.md §3.3, functions.md §2.16). Each body below draws ¿1 on its prototype 0.
    const math::Generator& g = math::session_generator();
    uint64_t before = g.streams();
    for (const char* src : {"{¿⍵+1}¨0⍴5", "(0⍴1){¿⍺+⍵+1}¨0⍴5", "{¿⍵+1}⍤0⊢0⍴5",
                            "(0⍴2){¿⍺+⍵+1}⊗0⍴5", "¿¨0⍴⊂6"}) {
        EXPECT_EQ(eval(src).find("ERROR"), std::string::npos) << src << ": " << eval(src);
        EXPECT_EQ(g.streams(), before) << src;
    }
    eval("{¿⍵+1}¨3⍴5");
    EXPECT_EQ(g.streams(), before + 3);
}

} // namespace
} // namespace bpl::lang

namespace bpl::lang {
namespace {

// A statement's calls nest as deep as it is long, and a dfn's non-tail calls as deep as it
// recurses: past what the call stack holds, a LIMIT ERROR (both crashed), while long statements
// bind in linear time (a braced kids list copied the tree built so far at every call: 10^4
// terms took 5 s) and tail calls run in one frame.
TEST(Run, DeepStatementsAndRecursionReachALimitNotTheStack) {
    auto terms = [](int n) {
        std::string s = "1";
        for (int i = 0; i < n; ++i) s += "+1";
        return s;
    };
    EXPECT_EQ(eval(terms(1000)), "1001"); // (AddressSanitizer's frames: 10^4 fit release builds only)
    EXPECT_NE(eval(terms(100000)).find("LIMIT ERROR"), std::string::npos);
    EXPECT_NE(eval("{⍵=0?0;1+∇ ⍵-1} 100000").find("LIMIT ERROR"), std::string::npos);
    EXPECT_EQ(eval("{⍵=0?0;1+∇ ⍵-1} 200"), "200");
    EXPECT_EQ(eval("{⍵=0?0;∇ ⍵-1} 100000"), "0");
    EXPECT_EQ(eval("1+1"), "2"); // the limit is left as it was
}

// Lines and columns count from 1; columns in characters, not bytes; an unknown site is 0 0.
TEST(Run, LineColumnOfASite) {
    std::string src = "a←1\n⍴⍴ b";
    auto at = [&](int32_t begin) { return line_column(src, base::Site{begin, begin + 1}); };
    EXPECT_EQ(at(0).line, 1);
    EXPECT_EQ(at(0).column, 1);
    size_t b = src.find('b');
    EXPECT_EQ(at(static_cast<int32_t>(b)).line, 2);
    EXPECT_EQ(at(static_cast<int32_t>(b)).column, 4); // ⍴ is three bytes, one character
    EXPECT_EQ(at(static_cast<int32_t>(src.find('\n'))).line, 1);
    EXPECT_EQ(at(-1).line, 0);
    EXPECT_EQ(at(-1).column, 0);
    EXPECT_EQ(at(static_cast<int32_t>(src.size()) + 5).line, 0);
}

} // namespace
} // namespace bpl::lang
