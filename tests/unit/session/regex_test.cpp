// •r under random and mutated patterns and texts: every call either gives a result or a BPL
// error (DOMAIN, LIMIT), never a crash; and properties that hold for every match (positions
// increase, each match's text is the text at its position).
#include "eval.h"
#include "session/session.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace bpl::session {
namespace {

using test::eval;

// A BPL string literal of s (quotes doubled).
std::string quote(const std::string& s) {
    std::string q = "\"";
    for (char c : s) {
        if (c == '"') q += '"';
        q += c;
    }
    return q + "\"";
}

std::string random_text(std::mt19937& rng, const std::vector<std::string>& alphabet, int max_len) {
    std::string s;
    int n = std::uniform_int_distribution<int>(0, max_len)(rng);
    for (int i = 0; i < n; i++) s += alphabet[rng() % alphabet.size()];
    return s;
}

TEST(Regex, RandomPatternsNeverCrash) {
    install();
    std::mt19937 rng(17);
    const std::vector<std::string> meta = {"a", "b", "é", "🐈", "(", ")", "[", "]", "^", "$", "*",
                                           "+", "?", "{", "}", "|", ".", "\\", "\\d", "\\w",
                                           "(?i)", "(?P<n>", "{2,3}", "-", ":", "=", "!", "<"};
    const std::vector<std::string> letters = {"a", "b", "é", "🐈", " ", "1", "]"};
    int compiled = 0;
    for (int i = 0; i < 25000; i++) {
        std::string pattern = random_text(rng, meta, 8);
        std::string src = "p←•r " + quote(pattern) + " ⋄ f←0⊃p ⋄ g←1⊃p ⋄ t←" +
                          quote(random_text(rng, letters, 12)) +
                          " ⋄ m←f t ⋄ r←\"<$0$1${n}$$>\" g t ⋄ (⍋1⊃m)≡⍳≢1⊃m";
        std::string out = eval(src);
        ASSERT_FALSE(out.empty()) << src;
        if (out == "$t") {
            compiled++;
            continue;
        }
        // a bad pattern is DOMAIN, too much backtracking LIMIT; nothing else may come back
        EXPECT_TRUE(out.rfind("DOMAIN", 0) == 0 || out.rfind("LIMIT", 0) == 0) << src << " → " << out;
    }
    EXPECT_GT(compiled, 2500); // enough of the random patterns are valid to exercise matching
}

TEST(Regex, MatchTextIsTextAtPosition) {
    install();
    // for every match, the text at its position is its text (checked in BPL, oracle-free)
    std::string out = eval("f←0⊃•r \"[aé]+|🐈\" ⋄ t←\"xaéa🐈yé🐈\" ⋄ m←f t ⋄ pos←1⊃m ⋄ "
                           "txt←0⊃m ⋄ txt≡{(⍵⊃pos)↓((⍵⊃pos)+≢⍵⊃txt)↑t}¨⍳≢pos");
    EXPECT_EQ(out, "$t");
}

} // namespace
} // namespace bpl::session
