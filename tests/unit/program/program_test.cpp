// The one Programs cache: a second read of the same structure hits; a new structure makes a new
// plan; results are right either way. Counters are the evidence that there is one mode.
#include "program/plan.h"
#include "prim/prim.h"
#include "value/array.h"

#include <gtest/gtest.h>

using namespace bpl;
using value::Value;

namespace {
Value num(double x) { return Value::real(x, number::Kind::F64, true); }

// (⍳n)×k then +/ : a 3-node graph.
Value sum_scaled(double n, double k) {
    Value x = prim::call(prim::Prim::Iota, num(n));
    Value y = prim::call(prim::Prim::Times, x, num(k));
    return *prim::reduce(prim::Prim::Plus, y, false);
}
} // namespace

TEST(Plan, SecondIdenticalReadHitsTheCache) {
    program::clear_cache();
    program::reset_counters();
    Value a = sum_scaled(10, 2);
    EXPECT_EQ(program::counters().nodes_built, 3u);
    EXPECT_DOUBLE_EQ(a.read().as_f64(), 90);
    EXPECT_EQ(program::counters().graphs_read, 1u);
    EXPECT_EQ(program::counters().plans_made, 1u);
    EXPECT_EQ(program::counters().cache_hits, 0u);
    Value b = sum_scaled(10, 2);
    EXPECT_DOUBLE_EQ(b.read().as_f64(), 90);
    EXPECT_EQ(program::counters().graphs_read, 2u);
    EXPECT_EQ(program::counters().plans_made, 1u);
    EXPECT_EQ(program::counters().cache_hits, 1u);
}

TEST(Plan, SameStructureNewLiteralHitsAndComputesTheNewValue) {
    program::clear_cache();
    program::reset_counters();
    EXPECT_DOUBLE_EQ(sum_scaled(10, 2).read().as_f64(), 90);
    EXPECT_DOUBLE_EQ(sum_scaled(10, 3).read().as_f64(), 135);
    EXPECT_EQ(program::counters().plans_made, 1u);
    EXPECT_EQ(program::counters().cache_hits, 1u);
}

TEST(Plan, NewStructureMakesANewPlan) {
    program::clear_cache();
    program::reset_counters();
    EXPECT_DOUBLE_EQ(sum_scaled(10, 2).read().as_f64(), 90);
    EXPECT_DOUBLE_EQ(sum_scaled(20, 2).read().as_f64(), 380); // new length: new key for now
    Value x = prim::call(prim::Prim::Iota, num(10));
    EXPECT_EQ(prim::call(prim::Prim::Minus, x, num(1)).read().array_data().items_as<int64_t>()[0],
              -1);
    EXPECT_EQ(program::counters().plans_made, 3u);
    EXPECT_EQ(program::cache_size(), 3u);
}

TEST(Plan, ALoneScalarCallIsAGraphOfOne) {
    program::reset_counters();
    Value r = prim::call(prim::Prim::Plus, num(1), num(2));
    EXPECT_EQ(program::counters().nodes_built, 1u);
    EXPECT_DOUBLE_EQ(r.read().as_f64(), 3);
    EXPECT_EQ(program::counters().graphs_read, 1u);
    EXPECT_EQ(program::counters().steps_run, 1u);
}
