// math::lower traces a function's own per-item formula: the machine operations a compiled stage
// emits are the ones the formula writes, in its order.
#include "math/lower.h"

#include <gtest/gtest.h>

#include <bit>
#include <set>

using namespace bpl::math;

TEST(Lower, PlainArithmeticTracesToOneOperation) {
    const std::pair<Fn, MachineOp> cases[] = {
        {Fn::Add, MachineOp::Add}, {Fn::Subtract, MachineOp::Sub}, {Fn::Multiply, MachineOp::Mul}, {Fn::Divide, MachineOp::Div}};
    for (auto [f, op] : cases) {
        for (Kind k : {Kind::F64, Kind::F32}) {
            Lowered l;
            ASSERT_TRUE(lower(f, k, l)) << name(f);
            const Trace& t = l.common;
            EXPECT_FALSE(l.repairs);
            EXPECT_TRUE(lowers(f, k));
            EXPECT_EQ(t.arity, 2);
            ASSERT_EQ(t.ops.size(), 1u);
            EXPECT_EQ(t.ops[0].op, op);
            EXPECT_EQ(t.ops[0].a, 0); // x op y, in that order
            EXPECT_EQ(t.ops[0].b, 1);
            EXPECT_EQ(t.result, 2);
        }
    }
}

// ÷x is 1÷x: a constant, then the division with the constant first; -x is one negation; +x on
// reals is x itself (no operation).
TEST(Lower, MonadicFormulasKeepTheirConstantsAndOrder) {
    Lowered lr;
    ASSERT_TRUE(lower(Fn::Reciprocal, Kind::F64, lr));
    const Trace& r = lr.common;
    ASSERT_EQ(r.ops.size(), 2u);
    EXPECT_EQ(r.ops[0].op, MachineOp::Const);
    EXPECT_EQ(r.ops[0].k, 1.0);
    EXPECT_EQ(r.ops[1].op, MachineOp::Div);
    EXPECT_EQ(r.ops[1].a, 1); // the constant's value
    EXPECT_EQ(r.ops[1].b, 0); // the argument
    EXPECT_EQ(r.result, 2);
    Lowered ln;
    ASSERT_TRUE(lower(Fn::Negate, Kind::F32, ln));
    const Trace& n = ln.common;
    ASSERT_EQ(n.ops.size(), 1u);
    EXPECT_EQ(n.ops[0].op, MachineOp::Neg);
    Lowered lc;
    ASSERT_TRUE(lower(Fn::Conjugate, Kind::F64, lc));
    const Trace& c = lc.common;
    EXPECT_TRUE(c.ops.empty());
    EXPECT_EQ(c.result, 0);
}

// exp on float64 lowers through its vector recipe: the common formula, the repair key and limit,
// the full formula, traced without leftover constants; on float32 (another recipe) it does not.
TEST(Lower, ExpLowersThroughItsVectorRecipe) {
    Lowered l;
    ASSERT_TRUE(lower(Fn::Exp, Kind::F64, l));
    EXPECT_TRUE(l.repairs);
    EXPECT_EQ(l.above, std::bit_cast<int64_t>(708.0));
    EXPECT_GT(l.common.ops.size(), 10u);
    EXPECT_GT(l.full.ops.size(), l.common.ops.size());
    for (const Trace* t : {&l.common, &l.key, &l.full}) {
        std::vector<int> uses(t->ops.size() + 1, 0);
        for (const TracedOp& op : t->ops)
            for (int v : {op.a, op.b, op.c})
                if (v >= 1) uses[static_cast<size_t>(v - 1)]++;
        for (size_t q = 0; q + 1 < t->ops.size(); q++) {
            if (t->ops[q].op == MachineOp::Const || t->ops[q].op == MachineOp::IConst) {
                EXPECT_GT(uses[q], 0) << "a constant nothing reads, op " << q;
            }
        }
    }
    EXPECT_FALSE(lowers(Fn::Exp, Kind::F32));
    EXPECT_FALSE(lower(Fn::Exp, Kind::F32, l));
}

// ⌊ ⌈ √ | π on float64 lower through their vector recipes (⌊ ⌈ on float32 too); ⌊'s is a
// select on (y<x)|(x≠x).
TEST(Lower, RecipesLowerOnFloat64) {
    for (Fn f : {Fn::Min, Fn::Max, Fn::Sqrt, Fn::Magnitude, Fn::PiTimes}) {
        Lowered l;
        EXPECT_TRUE(lower(f, Kind::F64, l)) << name(f);
        EXPECT_FALSE(l.repairs);
        // float32: only ⌊ ⌈, whose float32 kernel runs the same recipe
        EXPECT_EQ(lowers(f, Kind::F32), f == Fn::Min || f == Fn::Max) << name(f);
        EXPECT_EQ(lower(f, Kind::F32, l), f == Fn::Min || f == Fn::Max) << name(f);
    }
    Lowered m;
    ASSERT_TRUE(lower(Fn::Min, Kind::F64, m));
    ASSERT_EQ(m.common.ops.size(), 4u); // y<x and x≠x (in either order), their or, the select
    std::multiset<MachineOp> ops;
    for (const TracedOp& op : m.common.ops) ops.insert(op.op);
    EXPECT_EQ(ops, (std::multiset<MachineOp>{MachineOp::Less, MachineOp::NotEqual, MachineOp::MaskOr, MachineOp::Select}));
    for (const TracedOp& op : m.common.ops)
        if (op.op == MachineOp::Less) {
            EXPECT_EQ(op.a, 1); // y < x
            EXPECT_EQ(op.b, 0);
        }
    EXPECT_EQ(m.common.ops[3].op, MachineOp::Select);
    EXPECT_EQ(m.common.ops[3].b, 1); // y where set, else x
    EXPECT_EQ(m.common.ops[3].c, 0);
}

// Formulas beyond these (residue, power, floor to an integer, comparisons, ln, sin) and non-float
// kinds (wrapping integers) do not lower: the block kernels serve them.
TEST(Lower, OthersDoNotLower) {
    Lowered t;
    for (Fn f : {Fn::Residue, Fn::Power, Fn::Floor, Fn::Less, Fn::Ln, Fn::Sin}) {
        EXPECT_FALSE(lower(f, Kind::F64, t)) << name(f);
        EXPECT_FALSE(lowers(f, Kind::F64)) << name(f);
    }
    for (Kind k : {Kind::I32, Kind::I16, Kind::C128, Kind::F16, Kind::Bool}) {
        EXPECT_FALSE(lower(Fn::Add, k, t));
        EXPECT_FALSE(lowers(Fn::Add, k));
    }
}

// On 64-bit integers (ordinary Int and fixed I64) + − × and negation lower to the lanes' wrapping
// arithmetic; ÷ (floor division, which can raise DOMAIN), ÷x and ⌊ ⌈ do not.
TEST(Lower, IntegersLowerToWrappingLanes) {
    const std::pair<Fn, MachineOp> cases[] = {
        {Fn::Add, MachineOp::IAdd}, {Fn::Subtract, MachineOp::ISub}, {Fn::Multiply, MachineOp::IMul}};
    for (Kind k : {Kind::Int, Kind::I64}) {
        for (auto [f, op] : cases) {
            Lowered l;
            ASSERT_TRUE(lower(f, k, l)) << name(f);
            ASSERT_EQ(l.common.ops.size(), 1u);
            EXPECT_EQ(l.common.ops[0].op, op);
            EXPECT_EQ(l.common.ops[0].a, 0);
            EXPECT_EQ(l.common.ops[0].b, 1);
        }
        Lowered n;
        ASSERT_TRUE(lower(Fn::Negate, k, n)); // 0 − x
        ASSERT_EQ(n.common.ops.size(), 2u);
        EXPECT_EQ(n.common.ops[0].op, MachineOp::IConst);
        EXPECT_EQ(n.common.ops[0].i, 0);
        EXPECT_EQ(n.common.ops[1].op, MachineOp::ISub);
        EXPECT_EQ(n.common.ops[1].b, 0);
        for (Fn f : {Fn::Divide, Fn::Reciprocal, Fn::Min, Fn::Max, Fn::Magnitude}) {
            Lowered l;
            EXPECT_FALSE(lower(f, k, l)) << name(f);
            EXPECT_FALSE(lowers(f, k)) << name(f);
        }
    }
}
