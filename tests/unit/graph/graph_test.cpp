// The graph: calls build pending nodes, identical calls intern to one node, and a read (the
// chokepoint) replaces nodes by their results.
#include "graph/node.h"
#include "prim/prim.h"
#include "value/array.h"

#include <gtest/gtest.h>

using namespace bpl;
using value::Value;

namespace {
Value num(double x) { return Value::real(x, number::Kind::F64, true); }
} // namespace

TEST(Graph, ACallBuildsAPendingNode) {
    Value r = prim::call(prim::Prim::Plus, num(1), num(2));
    ASSERT_TRUE(r.is_pending());
    EXPECT_TRUE(r.is_atom());
    EXPECT_EQ(r.kind(), number::Kind::F64);
}

TEST(Graph, IdenticalCallsInternToOneNode) {
    Value x = prim::call(prim::Prim::Iota, num(5));
    Value a = prim::call(prim::Prim::Times, x, num(2));
    Value b = prim::call(prim::Prim::Times, x, num(2));
    ASSERT_TRUE(a.is_pending());
    EXPECT_EQ(&a.pending_node(), &b.pending_node());
    Value c = prim::call(prim::Prim::Times, x, num(3));
    EXPECT_NE(&a.pending_node(), &c.pending_node());
}

TEST(Graph, ReadReplacesNodesByResults) {
    Value x = prim::call(prim::Prim::Iota, num(4));
    Value y = prim::call(prim::Prim::Plus, x, num(10));
    auto& node = static_cast<graph::Node&>(y.pending_node());
    EXPECT_FALSE(node.is_forced());
    Value stored = y.read();
    EXPECT_TRUE(node.is_forced());
    EXPECT_TRUE(node.origin().operands.empty());
    ASSERT_TRUE(stored.is_stored_array());
    EXPECT_EQ(stored.kind(), number::Kind::Int);
    EXPECT_EQ(stored.array_data().items_as<int64_t>()[3], 13);
    // The operand node was computed in the same read and is forced too.
    EXPECT_TRUE(static_cast<graph::Node&>(x.pending_node()).is_forced());
    // A new call on a forced value reads it as a leaf.
    Value z = prim::call(prim::Prim::Times, y, num(2));
    auto& zn = static_cast<graph::Node&>(z.pending_node());
    EXPECT_TRUE(zn.origin().operands[0].is_stored_array());
}

TEST(Graph, DeadNodesLeaveTheInternTable) {
    size_t before = graph::interned_count();
    {
        Value a = prim::call(prim::Prim::Minus, num(7), num(8));
        EXPECT_EQ(graph::interned_count(), before + 1);
    }
    EXPECT_EQ(graph::interned_count(), before);
}

TEST(Graph, DataErrorsSurfaceAtTheRead) {
    Value a = prim::call(prim::Prim::Divide, Value::integer(1), Value::integer(0));
    ASSERT_TRUE(a.is_pending());
    EXPECT_THROW(a.read(), base::Error);
}

// A graph can be a chain as long as a loop makes it (⍣ over 10^5 lazy steps): a read walks it
// and a drop frees it without recursing once per node (the call stack would overflow).
TEST(Graph, LongChainsReadAndDropWithoutRecursion) {
    const int steps = 300000;
    Value x = num(0);
    for (int i = 0; i < steps; ++i) x = prim::call(prim::Prim::Plus, x, num(1));
    ASSERT_TRUE(x.is_pending());
    Value r = x.read();
    ASSERT_TRUE(r.is_atom());
    EXPECT_EQ(r.as_f64(), double(steps));

    Value y = num(0);
    for (int i = 0; i < steps; ++i) y = prim::call(prim::Prim::Times, y, num(1));
    ASSERT_TRUE(y.is_pending());
    y = num(0); // the unread chain is freed here
    EXPECT_TRUE(y.is_atom());
}
