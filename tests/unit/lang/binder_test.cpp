// Binder: roles from names, runs, operators, strands, calls, trains and assignment targets
// (language.md §4–5), checked on the instruction tree before anything runs.
#include "lang/binder.h"
#include "lang/function.h"
#include "lang/scope.h"

#include <gtest/gtest.h>

namespace bpl::lang {
namespace {

using base::ErrorKind;

class BinderTest : public ::testing::Test {
  protected:
    BinderTest() { frame.scope = &globals; }
    Instr bound(std::string_view src) {
        auto st = parse(src);
        EXPECT_EQ(st.size(), 1u);
        return bind_statement(st[0].expr, frame);
    }
    ErrorKind error_of(std::string_view src) {
        try {
            bound(src);
        } catch (const base::Error& e) {
            return e.kind();
        }
        return ErrorKind::Internal;
    }
    Scope globals;
    Frame frame;
};

TEST_F(BinderTest, CallsBindRightToLeft) {
    Instr i = bound("2×3+4");
    EXPECT_EQ(i.op, Op::Dyad);
    EXPECT_EQ(i.kids[1].op, Op::Dyad); // 3+4 is ×'s right argument
    EXPECT_EQ(i.role, Role::Subject);
    EXPECT_EQ(bound("-3").op, Op::Monad);
}

TEST_F(BinderTest, RunsBindAsIfParenthesised) {
    Instr i = bound("2×3 + 4"); // (2×3)+4
    ASSERT_EQ(i.op, Op::Dyad);
    EXPECT_EQ(i.kids[2].op, Op::Dyad);
    EXPECT_EQ(i.kids[1].op, Op::Const);
}

TEST_F(BinderTest, TrainsForksAtopsAndBound) {
    EXPECT_EQ(bound("+/÷≢").op, Op::Fork);
    EXPECT_EQ(bound("-÷").op, Op::Atop);
    EXPECT_EQ(bound("2×").op, Op::Bind);
    EXPECT_EQ(bound("32+1.8×").op, Op::Fork);
    EXPECT_EQ(bound("+/÷≢").role, Role::Function);
}

TEST_F(BinderTest, OperatorsBindBeforeFunctions) {
    Instr i = bound("+⍨¨/1 2 3");
    ASSERT_EQ(i.op, Op::Monad);
    EXPECT_EQ(i.kids[0].op, Op::Derive); // ((+⍨)¨)/
    EXPECT_EQ(i.kids[0].kids[1].op, Op::Derive);
    EXPECT_EQ(bound("+ / 1 2 3").op, Op::Monad); // a lone operator run
}

TEST_F(BinderTest, NamesBindWithTheirValuesRoles) {
    globals.set("f", primitive_function(U'-'));
    globals.set("x", Value::real(1, number::Kind::F64, true));
    EXPECT_EQ(bound("f x").op, Op::Monad);
    EXPECT_EQ(bound("x x").op, Op::Strand);
    EXPECT_EQ(bound("unbound 1").op, Op::Strand); // unbound names bind as arrays
}

TEST_F(BinderTest, AnEarlierAssignmentGivesItsRole) {
    Instr i = bound("(g←-) 3");
    EXPECT_EQ(i.op, Op::Monad);
    EXPECT_EQ(i.kids[0].op, Op::Assign);
}

TEST_F(BinderTest, AssignmentTargets) {
    EXPECT_EQ(bound("x←3").op, Op::Assign);
    EXPECT_TRUE(is_shy(bound("x←3")));
    globals.set("x", Value::real(1, number::Kind::F64, true));
    EXPECT_EQ(bound("x+←1").op, Op::ModAssign);
    EXPECT_EQ(bound("[a b]←1 2").op, Op::Destructure);
    EXPECT_EQ(bound("(2↑x)←5").op, Op::SelectAssign);
    EXPECT_EQ(bound("1+x←3").op, Op::Dyad);
    EXPECT_EQ(error_of("2←3"), ErrorKind::Syntax);
    EXPECT_EQ(error_of("•c←+"), ErrorKind::Syntax);
}

TEST_F(BinderTest, MalformedStatements) {
    EXPECT_EQ(error_of("/"), ErrorKind::Internal); // a lone operator is fine
    EXPECT_EQ(error_of("1 2 ⍤"), ErrorKind::Syntax);
    EXPECT_EQ(error_of("3→4"), ErrorKind::Syntax);
}

} // namespace
} // namespace bpl::lang
