// Structural rows as Copy nodes: a chain of affine rearrangements is one Copy of the leaf (no
// index operand), read in one step; its items match an explicit loop over result positions.
#include "graph/node.h"
#include "prim/prim.h"
#include "program/plan.h"
#include "value/array.h"

#include <gtest/gtest.h>

using namespace bpl;
using prim::Prim;
using value::Value;

namespace {

constexpr int64_t ROWS = 5, COLS = 7;

// A stored ROWS×COLS float64 matrix with item (i, j) = 100·i + j.
Value matrix() {
    auto a = value::ArrayData::compact(number::Kind::F64, {ROWS, COLS});
    for (int64_t i = 0; i < ROWS; i++)
        for (int64_t j = 0; j < COLS; j++) a->items_as<double>()[i * COLS + j] = 100.0 * i + j;
    return Value::array(a);
}
Value ints(std::vector<int64_t> xs) {
    auto a = value::ArrayData::compact(number::Kind::Int, {static_cast<int64_t>(xs.size())});
    std::copy(xs.begin(), xs.end(), a->items_as<int64_t>());
    return Value::array(a);
}

const graph::Origin& origin_of(const Value& v) {
    return static_cast<const graph::Node&>(v.pending_node()).origin();
}

} // namespace

TEST(Copy, AChainOfRearrangementsIsOneCopyOfTheLeaf) {
    Value m = matrix();
    // ⌽ ⍉ ¯3 ¯4↑M: the last 3 rows and 4 columns, transposed, each row reversed
    Value t = prim::call(Prim::Take, ints({-3, -4}), m);
    Value r = prim::call(Prim::Reverse, prim::call(Prim::Transpose, t));
    ASSERT_TRUE(r.is_pending());
    const graph::Origin& o = origin_of(r);
    EXPECT_EQ(o.step, graph::Step::Copy);
    ASSERT_EQ(o.operands.size(), 1u); // no index vector
    EXPECT_TRUE(o.operands[0].is_stored_array());
    EXPECT_EQ(&o.operands[0].array_data(), &m.array_data());
    program::reset_counters();
    Value x = r.read();
    EXPECT_EQ(program::counters().steps_run, 1u);
    ASSERT_EQ(x.shape(), (value::Shape{4, 3}));
    // oracle: result (i, j) is t(2 − j, i) with t(a, b) = M(ROWS−3+a, COLS−4+b)
    for (int64_t i = 0; i < 4; i++)
        for (int64_t j = 0; j < 3; j++)
            EXPECT_EQ(x.array_data().items_as<double>()[i * 3 + j], 100.0 * (ROWS - 3 + 2 - j) + (COLS - 4 + i));
}

TEST(Copy, OvertakeAndRotationReadTheFill) {
    Value m = matrix();
    // 1⌽ (ROWS+2) (−COLS−1)↑M: two rows of fill below, one column of fill on the left, rotated
    Value t = prim::call(Prim::Take, ints({ROWS + 2, -(COLS + 1)}), m);
    Value r = prim::call(Prim::Reverse, Value::integer(1), t);
    Value x = r.read();
    ASSERT_EQ(x.shape(), (value::Shape{ROWS + 2, COLS + 1}));
    for (int64_t i = 0; i < ROWS + 2; i++)
        for (int64_t j = 0; j < COLS + 1; j++) {
            int64_t tj = (j + 1) % (COLS + 1); // rotated left by 1
            double want = (i < ROWS && tj >= 1) ? 100.0 * i + (tj - 1) : 0.0;
            EXPECT_EQ(x.array_data().items_as<double>()[i * (COLS + 1) + j], want) << i << " " << j;
        }
}

TEST(Copy, ARotationByAVectorOfCountsStaysAGather) {
    Value m = matrix();
    Value r = prim::call(Prim::Reverse, ints({1, 2, 3, 4, 5}), m);
    EXPECT_EQ(origin_of(r).step, graph::Step::Gather);
    Value x = r.read();
    for (int64_t i = 0; i < ROWS; i++)
        for (int64_t j = 0; j < COLS; j++)
            EXPECT_EQ(x.array_data().items_as<double>()[i * COLS + j], 100.0 * i + (j + i + 1) % COLS);
}

TEST(Copy, ABoxedArrayKeepsItsHostRoute) {
    Value b = value::make_array({3}, {ints({1}), ints({2, 3}), Value::integer(4)});
    Value r = prim::call(Prim::Reverse, b);
    ASSERT_TRUE(r.is_stored_array());
    EXPECT_TRUE(r.array_data().is_boxed());
    EXPECT_EQ(r.array_data().item(0).as_i64(), 4);
    EXPECT_EQ(r.array_data().item(2).count(), 1);
}

TEST(Copy, OnePlanServesEveryLengthAndCountThroughRefills) {
    // k⌽⍳n for 200 lengths n ≥ 2 and counts k: one structure, its mapping refilled each time
    program::clear_cache();
    program::reset_counters();
    for (int64_t n = 2; n < 202; n++) {
        int64_t k = 1 + (n * 7) % (n - 1); // 1 … n−1: a real rotation (k = n would be ⍳n itself)
        Value r = prim::call(Prim::Reverse, Value::integer(k), prim::call(Prim::Iota, Value::integer(n)));
        Value x = r.read();
        for (int64_t i = 0; i < n; i++) ASSERT_EQ(x.array_data().items_as<int64_t>()[i], (i + k) % n) << n;
    }
    EXPECT_EQ(program::counters().plans_made, 1u);
    EXPECT_EQ(program::counters().refills, 199u);
    // the same length with another count: a refill too, and the new count's items
    program::reset_counters();
    Value a = prim::call(Prim::Reverse, Value::integer(1), prim::call(Prim::Iota, Value::integer(201)));
    EXPECT_EQ(a.read().array_data().items_as<int64_t>()[0], 1);
    Value b = prim::call(Prim::Reverse, Value::integer(2), prim::call(Prim::Iota, Value::integer(201)));
    EXPECT_EQ(b.read().array_data().items_as<int64_t>()[0], 2);
    EXPECT_EQ(program::counters().plans_made, 0u);
}

TEST(Copy, AGatherFromACopyReadsTheCopysLeaf) {
    Value m = matrix();
    // [p]⌷,¯3 ¯4↑M: positions of the take's ravel (the last 3 rows' last 4 columns), one past
    // its end (the fill); the gather reads M itself at the positions the take maps them to
    Value t = prim::call(Prim::Comma, prim::call(Prim::Take, ints({-3, -4}), m));
    ASSERT_EQ(origin_of(t).step, graph::Step::Copy);
    std::vector<int64_t> p{0, 5, 11, 2, 2, 7};
    Value g = prim::call(Prim::Squad, value::make_array({1}, {ints(p)}), t);
    ASSERT_TRUE(g.is_pending());
    const graph::Origin& o = origin_of(g);
    EXPECT_EQ(o.step, graph::Step::Gather);
    ASSERT_EQ(o.operands.size(), 2u);
    EXPECT_TRUE(o.operands[0].is_stored_array());
    EXPECT_EQ(&o.operands[0].array_data(), &m.array_data());
    program::reset_counters();
    Value x = g.read();
    EXPECT_EQ(program::counters().steps_run, 1u); // the gather alone: no Copy made
    ASSERT_EQ(x.count(), static_cast<int64_t>(p.size()));
    // oracle: item q of the take's ravel is M(ROWS−3 + q÷4, COLS−4 + q mod 4)
    for (size_t k = 0; k < p.size(); k++)
        EXPECT_EQ(x.array_data().items_as<double>()[k], 100.0 * (ROWS - 3 + p[k] / 4) + (COLS - 4 + p[k] % 4)) << k;
    // an overtake's fill stays the fill: positions 0 and 1 of ¯9↑ of a 7-item row are padding
    Value row = prim::call(Prim::Take, Value::integer(-(COLS + 2)), prim::call(Prim::Squad, Value::integer(1), m));
    Value h = prim::call(Prim::Squad, value::make_array({1}, {ints({1, 2, 8})}), row);
    EXPECT_EQ(&origin_of(h).operands[0].array_data(), &m.array_data());
    Value y = h.read();
    EXPECT_EQ(y.array_data().items_as<double>()[0], 0.0);
    EXPECT_EQ(y.array_data().items_as<double>()[1], 100.0 + 0);
    EXPECT_EQ(y.array_data().items_as<double>()[2], 100.0 + 6);
}
