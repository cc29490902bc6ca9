// Parser: statements, groups, bracket lists and rows, dfn bodies (language.md §3, §6).
#include "lang/syntax.h"

#include <gtest/gtest.h>

#include <string>

namespace bpl::lang {
namespace {

using base::ErrorKind;

ErrorKind error_of(std::string_view src) {
    try {
        parse(src);
    } catch (const base::Error& e) {
        return e.kind();
    }
    return ErrorKind::Internal;
}

TEST(Parser, StatementsSplitAtDiamondsAndLines) {
    EXPECT_EQ(parse("1 ⋄ 2\n3").size(), 3u);
    EXPECT_EQ(parse("⍝ only\n").size(), 0u);
}

TEST(Parser, BracketItemsAreRunsWithoutSemicolons) {
    auto s = parse("[1+2 3+4]");
    ASSERT_EQ(s.size(), 1u);
    const Syn& b = s[0].expr[0];
    EXPECT_EQ(b.kind, SynKind::Bracket);
    EXPECT_EQ(b.rows[0].items.size(), 2u);
    auto t = parse("[1;2 3;4]")[0].expr[0];
    EXPECT_TRUE(t.rows[0].semis);
    EXPECT_EQ(t.rows[0].items.size(), 3u);
}

TEST(Parser, RowsAndParenRows) {
    auto b = parse("[1 2 ⋄ 3 4]")[0].expr[0];
    EXPECT_EQ(b.kind, SynKind::BracketRows);
    EXPECT_EQ(b.rows.size(), 2u);
    auto one = parse("[[42] ⋄]")[0].expr[0];
    EXPECT_EQ(one.kind, SynKind::BracketRows);
    EXPECT_EQ(one.rows.size(), 1u);
    auto p = parse("(4 ⋄ 4 5)")[0].expr[0];
    EXPECT_EQ(p.kind, SynKind::ParenRows);
    EXPECT_EQ(parse("(1+2)")[0].expr[0].kind, SynKind::Paren);
}

TEST(Parser, Errors) {
    EXPECT_EQ(error_of("1;2"), ErrorKind::Syntax);
    EXPECT_EQ(error_of("(1"), ErrorKind::Syntax);
    EXPECT_EQ(error_of("1)"), ErrorKind::Syntax);
    EXPECT_EQ(error_of("[1;2⋄3]"), ErrorKind::Syntax);
    EXPECT_EQ(error_of("[42;]"), ErrorKind::Syntax);
    EXPECT_EQ(error_of("[;42]"), ErrorKind::Syntax);
    EXPECT_EQ(error_of("{1;2}"), ErrorKind::Syntax);
}

// Groups nest up to 256 deep, then a LIMIT ERROR, not a call stack overflow (10^4 nested
// parentheses crashed the parser; under AddressSanitizer's larger frames, 10^3 did).
TEST(Parser, GroupsNestUpToALimit) {
    auto nested = [](const char* open, const char* close, int depth) {
        std::string s;
        for (int i = 0; i < depth; ++i) s += open;
        s += "1";
        for (int i = 0; i < depth; ++i) s += close;
        return s;
    };
    EXPECT_EQ(parse(nested("(", ")", 256)).size(), 1u);
    EXPECT_EQ(error_of(nested("(", ")", 257)), ErrorKind::Limit);
    EXPECT_EQ(error_of(nested("[", "]", 257)), ErrorKind::Limit);
    EXPECT_EQ(error_of(nested("{", "}", 257)), ErrorKind::Limit);
    EXPECT_EQ(error_of(nested("(", ")", 100000)), ErrorKind::Limit);
}

TEST(Parser, DfnBodiesPredicatesGuards) {
    auto d = parse("{⍵<0?-⍵;⍵}")[0].expr[0];
    ASSERT_EQ(d.kind, SynKind::Dfn);
    ASSERT_EQ(d.dfn->bodies.size(), 2u);
    EXPECT_EQ(d.dfn->bodies[0][0].kind, DfnStmt::Kind::Predicate);
    EXPECT_EQ(d.dfn->text, "{⍵<0?-⍵;⍵}");
    auto g = parse("{\"DOMAIN\"::0 ⋄ ÷⍵}")[0].expr[0];
    EXPECT_EQ(g.dfn->bodies[0][0].kind, DfnStmt::Kind::Guard);
    EXPECT_EQ(g.dfn->bodies[0].size(), 2u);
}

TEST(Parser, OperatorDfnsAreMarked) {
    EXPECT_TRUE(parse("{⍶ ⍵}")[0].expr[0].dfn->uses_left_operand);
    EXPECT_FALSE(parse("{⍶ ⍵}")[0].expr[0].dfn->uses_right_operand);
    EXPECT_FALSE(parse("{{⍶ ⍵}}")[0].expr[0].dfn->uses_left_operand);
}

TEST(Parser, NestedSeparatorsDoNotSplitTheEnclosingList) {
    auto b = parse("[{⍵=0?1;⍵+2}0 3 ⋄ 4 5]")[0].expr[0];
    EXPECT_EQ(b.rows.size(), 2u);
}

} // namespace
} // namespace bpl::lang
