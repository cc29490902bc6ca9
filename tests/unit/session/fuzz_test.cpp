// Random and mutated text fed to the readers (•date, •json, •csv; •r has its own in regex_test.cpp):
// each input gives a result or the reader's error kinds, never a crash or another kind.
#include "eval.h"
#include "session/session.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace bpl::session {
namespace {

using test::eval;

// Mutates a valid input: replaces, inserts or deletes a few characters from `alphabet`.
std::string mutate(std::mt19937& rng, std::string s, const std::string& alphabet) {
    int edits = 1 + static_cast<int>(rng() % 3);
    for (int e = 0; e < edits; e++) {
        size_t at = s.empty() ? 0 : rng() % (s.size() + 1);
        char c = alphabet[rng() % alphabet.size()];
        switch (rng() % 3) {
        case 0:
            if (at < s.size()) s[at] = c;
            break;
        case 1: s.insert(s.begin() + static_cast<std::ptrdiff_t>(at), c); break;
        default:
            if (at < s.size()) s.erase(at, 1);
        }
    }
    return s;
}

TEST(Fuzz, DateReadsOrIsDomain) {
    install();
    std::mt19937 rng(21);
    const std::string alphabet = "0123456789-:T.Z+ zt,";
    const std::string seeds[] = {"2024-05-06T10:20:30Z", "1969-12-31", "2000-02-29T23:59:60.5+14:00"};
    int read = 0;
    for (int i = 0; i < 20000; i++) {
        std::string s = mutate(rng, seeds[i % 3], alphabet);
        std::string out = eval("•date \"" + s + "\"");
        if (out.rfind("DOMAIN", 0) == 0) continue;
        EXPECT_EQ(out.find("ERROR"), std::string::npos) << s << " → " << out;
        read++;
        // a moment that reads has fields that read
        EXPECT_EQ(eval("•date⁻ •date \"" + s + "\"").find("ERROR"), std::string::npos) << s;
    }
    EXPECT_GT(read, 1000);
}

// A BPL expression for the text whose characters are s's bytes (•ucs of their values), so any
// byte sequence is one string and nothing needs escaping.
std::string chars(const std::string& s) {
    std::string e = "(•ucs ⍬";
    for (unsigned char c : s) e += "," + std::to_string(c);
    return e + ")";
}

TEST(Fuzz, JsonReadsOrFailsCleanly) {
    install();
    std::mt19937 rng(5);
    const std::string alphabet = "[]{},:\"'0123456789.eE+-truefalsnl \\/*\nInfinityNaN\xc3\xa9";
    const std::string seeds[] = {"[1,2.5,-3e4,[true,false,null],\"a\\\"b\\u00e9\"]",
                                 "[[[[]]],'x',Infinity,1e999, // c\n 2,]",
                                 "170141183460469231731687303715884105727"};
    int read = 0;
    for (int i = 0; i < 20000; i++) {
        std::string s = mutate(rng, seeds[i % 3], alphabet);
        std::string out = eval("x←•json " + chars(s) + " ⋄ •json⁻ 0");
        if (out.rfind("DOMAIN", 0) == 0 || out.rfind("UNSUPPORTED", 0) == 0) continue;
        EXPECT_EQ(out, "0") << s << " → " << out;
        read++;
    }
    EXPECT_GT(read, 2000);
    // deep nesting is LIMIT, not a stack overflow
    EXPECT_EQ(eval("•json " + std::string(1, '"') + std::string(100000, '[') + '"').rfind("LIMIT", 0), 0u);
}

TEST(Fuzz, CsvReadsOrFailsCleanly) {
    install();
    std::mt19937 rng(9);
    const std::string alphabet = ",\"\n\r0123456789.e-+ax\xc3\xa9";
    const std::string seeds[] = {"a,b,c\n1,2.5,x\n3,,\"q,\"\"r\"\n", "n\r\n1e3\r\n-2\r\ninf\r\n",
                                 "x,y\n\"multi\nline\",7\n"};
    int read = 0;
    for (int i = 0; i < 20000; i++) {
        std::string s = mutate(rng, seeds[i % 3], alphabet);
        std::string out = eval("x←•csv " + chars(s) + " ⋄ 0");
        if (out.rfind("DOMAIN", 0) == 0 || out.rfind("LENGTH", 0) == 0) continue;
        EXPECT_EQ(out, "0") << s << " → " << out;
        read++;
    }
    EXPECT_GT(read, 2000);
}

} // namespace
} // namespace bpl::session
