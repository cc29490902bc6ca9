// Live::of: unforced nodes once each, operands before users, the root last; distinct leaves once
// each in first-use order; references that say which is which. Small graphs (scanned lookups)
// and large ones (hashed lookups) give the same answers.
#include "graph/live.h"
#include "prim/prim.h"
#include "values.h"

#include <gtest/gtest.h>

#include <vector>

using namespace bpl;
using graph::Live;
using graph::Node;
using graph_test::num;
using graph_test::stored_vector;
using value::Value;

namespace {
std::vector<int32_t> as_vector(std::span<const int32_t> r) { return {r.begin(), r.end()}; }

Node& node_of(const Value& v) { return static_cast<Node&>(v.pending_node()); }

} // namespace

TEST(Live, ADiamondListsEachNodeOnce) {
    Value x = stored_vector(5);
    Value a = prim::call(prim::Prim::Plus, x, num(1));
    Value b = prim::call(prim::Prim::Times, a, num(2));
    Value c = prim::call(prim::Prim::Plus, a, b);
    Live live = Live::of(node_of(c));
    ASSERT_EQ(live.nodes.size(), 3u);
    EXPECT_EQ(live.nodes[0], &node_of(a));
    EXPECT_EQ(live.nodes[1], &node_of(b));
    EXPECT_EQ(live.nodes[2], &node_of(c));
    // leaves: x, then the atoms 1 and 2 (atoms are not shared by identity)
    ASSERT_EQ(live.inputs.size(), 3u);
    EXPECT_EQ(&live.inputs[0].array_data(), &x.array_data());
    EXPECT_EQ(as_vector(live.operands(0)), (std::vector<int32_t>{-1, -2}));
    EXPECT_EQ(as_vector(live.operands(1)), (std::vector<int32_t>{0, -3}));
    EXPECT_EQ(as_vector(live.operands(2)), (std::vector<int32_t>{0, 1}));
}

TEST(Live, ForcedOperandsAreLeaves) {
    Value x = stored_vector(3);
    Value a = prim::call(prim::Prim::Plus, x, num(1));
    (void)a.read();
    Value b = prim::call(prim::Prim::Times, a, num(2)); // made after the read: a's result
    Live live = Live::of(node_of(b));
    ASSERT_EQ(live.nodes.size(), 1u);
    ASSERT_EQ(live.inputs.size(), 2u);
    EXPECT_TRUE(live.inputs[0].is_stored_array());
}

// Past the scan limit: 40 nodes that all read the same two stored leaves, each node also reading
// the one before it. Each leaf is listed once and every reference points where it should.
TEST(Live, LargeGraphsShareLeavesAndNodes) {
    const int n = 40;
    Value x = stored_vector(4), y = stored_vector(4);
    std::vector<Value> chain;
    Value v = prim::call(prim::Prim::Plus, x, y);
    chain.push_back(v);
    for (int i = 1; i < n; i++) {
        Value s = prim::call(prim::Prim::Plus, v, i % 2 ? x : y);
        v = prim::call(prim::Prim::Times, s, chain[static_cast<size_t>(i - 1)]);
        chain.push_back(v);
    }
    Live live = Live::of(node_of(v));
    ASSERT_EQ(live.inputs.size(), 2u);
    EXPECT_EQ(&live.inputs[0].array_data(), &x.array_data());
    EXPECT_EQ(&live.inputs[1].array_data(), &y.array_data());
    ASSERT_EQ(live.nodes.size(), static_cast<size_t>(2 * n - 1));
    EXPECT_EQ(live.nodes.back(), &node_of(v));
    // Each node's references name its operands: a node by position (earlier), a leaf by -(i+1).
    for (size_t i = 0; i < live.nodes.size(); i++) {
        const auto& ops = live.nodes[i]->origin().operands;
        ASSERT_EQ(live.operands(i).size(), ops.size());
        for (size_t j = 0; j < ops.size(); j++) {
            int32_t r = live.operands(i)[j];
            if (ops[j].is_pending()) {
                ASSERT_GE(r, 0);
                ASSERT_LT(static_cast<size_t>(r), i);
                EXPECT_EQ(live.nodes[static_cast<size_t>(r)], &ops[j].pending_node());
            } else {
                ASSERT_LT(r, 0);
                EXPECT_EQ(&live.inputs[static_cast<size_t>(-r - 1)].array_data(), &ops[j].array_data());
            }
        }
    }
}

// One Live rebuilt for graph after graph (as a reader reuses it) lists exactly what a fresh one
// lists: a large graph's leaf table leaves nothing behind for a small one, and clear() drops the
// references to the leaves.
TEST(Live, ARebuiltLiveMatchesAFreshOne) {
    Value x = stored_vector(4), y = stored_vector(4);
    Value big = prim::call(prim::Prim::Plus, x, y);
    std::vector<Value> leaves;
    for (int i = 0; i < 30; i++) {
        leaves.push_back(stored_vector(4));
        big = prim::call(prim::Prim::Plus, big, leaves.back());
    }
    Value small = prim::call(prim::Prim::Times, x, num(3));
    Live reused;
    reused.build(node_of(big));
    EXPECT_EQ(reused.inputs.size(), 32u);
    reused.build(node_of(small));
    Live fresh = Live::of(node_of(small));
    ASSERT_EQ(reused.nodes, fresh.nodes);
    ASSERT_EQ(reused.inputs.size(), fresh.inputs.size());
    EXPECT_EQ(&reused.inputs[0].array_data(), &x.array_data());
    EXPECT_EQ(reused.refs, fresh.refs);
    EXPECT_EQ(reused.first, fresh.first);
    EXPECT_EQ(reused.held, fresh.held);
    uint32_t with_live = x.array_data().ref_count();
    reused.clear();
    EXPECT_EQ(x.array_data().ref_count(), with_live - 1);
    EXPECT_TRUE(reused.nodes.empty());
    EXPECT_TRUE(reused.inputs.empty());
}
