// The interning table: equal structure interns to one node, forced and dying nodes leave it, and
// the open-addressing table keeps every entry reachable through collisions, growth, deletion
// and shrinking (checked against std::unordered_multimap as the oracle).
#include "graph/intern.h"
#include "graph/node.h"
#include "prim/prim.h"
#include "values.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <unordered_map>
#include <vector>

using namespace bpl;
using graph::InternTable;
using graph::Node;
using graph_test::num;
using graph_test::stored_vector;
using value::Value;

namespace {

// A node with a chosen hash, outside the graph's own table (it is never interned there).
base::Ref<value::Pending> test_node(uint64_t hash) {
    return base::Ref<value::Pending>(new Node(graph::Origin{}, value::Desc{}, hash, 0));
}

// Every node of `expected` is found under its hash, by identity, and the sizes agree.
void expect_same(const InternTable& t, const std::unordered_multimap<uint64_t, Node*>& expected) {
    ASSERT_EQ(t.size(), expected.size());
    for (const auto& [h, n] : expected) {
        Node* want = n;
        EXPECT_EQ(t.find(h, [&](const Node& m) { return &m == want; }), want) << "hash " << h;
    }
}

} // namespace

TEST(Intern, EqualStructureInternsToOneNode) {
    Value x = stored_vector(8);
    size_t before = graph::interned_count();
    uint64_t built = graph::nodes_built();
    Value a = prim::call(prim::Prim::Times, x, num(3));
    Value b = prim::call(prim::Prim::Times, x, num(3));
    ASSERT_TRUE(a.is_pending());
    EXPECT_EQ(&a.pending_node(), &b.pending_node());
    EXPECT_EQ(graph::nodes_built(), built + 1);
    EXPECT_EQ(graph::interned_count(), before + 1);
    // Another leaf object with equal items is another operand: identity, not contents.
    Value c = prim::call(prim::Prim::Times, stored_vector(8), num(3));
    EXPECT_NE(&a.pending_node(), &c.pending_node());
    // A different parameter atom is a different structure.
    Value d = prim::call(prim::Prim::Times, x, num(4));
    EXPECT_NE(&a.pending_node(), &d.pending_node());
    EXPECT_EQ(graph::interned_count(), before + 3);
}

TEST(Intern, DyingAndForcedNodesLeaveTheTable) {
    size_t before = graph::interned_count();
    Value x = stored_vector(4);
    {
        Value a = prim::call(prim::Prim::Minus, x, num(8));
        Value b = prim::call(prim::Prim::Plus, a, num(1));
        EXPECT_EQ(graph::interned_count(), before + 2);
    }
    EXPECT_EQ(graph::interned_count(), before);
    Value a = prim::call(prim::Prim::Minus, x, num(8));
    EXPECT_EQ(graph::interned_count(), before + 1);
    Value r = a.read();
    EXPECT_EQ(graph::interned_count(), before);
    EXPECT_DOUBLE_EQ(r.array_data().items_as<double>()[3], 3.0 - 8.0);
    // The same call again is a new node: the forced one is a result now, not a pending step.
    Value again = prim::call(prim::Prim::Minus, x, num(8));
    EXPECT_NE(&again.pending_node(), &a.pending_node());
    EXPECT_EQ(graph::interned_count(), before + 1);
}

TEST(Intern, ManyCollidingHashes) {
    InternTable t;
    std::unordered_multimap<uint64_t, Node*> expected;
    std::vector<base::Ref<value::Pending>> keep;
    // 300 nodes under one hash interleaved with 300 under the small hashes 0..299 (42 twice),
    // so one long probe run holds both.
    for (uint64_t i = 0; i < 300; i++) {
        for (uint64_t h : {uint64_t{42}, i}) {
            keep.push_back(test_node(h));
            Node* n = static_cast<Node*>(keep.back().get());
            t.insert(h, n);
            expected.emplace(h, n);
        }
    }
    expect_same(t, expected);
    EXPECT_GE(t.capacity(), 2 * t.size());
    // A predicate that matches nothing ends at the run's end.
    EXPECT_EQ(t.find(42, [](const Node&) { return false; }), nullptr);
    EXPECT_EQ(t.find(12345, [](const Node&) { return true; }), nullptr);
    // Erase in a random order, checking every remaining entry as the table shifts and shrinks.
    std::mt19937_64 g(7);
    std::shuffle(keep.begin(), keep.end(), g);
    size_t peak = t.capacity();
    for (size_t i = 0; i < keep.size(); i++) {
        Node* n = static_cast<Node*>(keep[i].get());
        uint64_t h = n->hash();
        t.erase(n, n->intern_slot());
        t.erase(n, n->intern_slot()); // a second erase finds nothing and changes nothing
        auto [lo, hi] = expected.equal_range(h);
        for (auto it = lo; it != hi; ++it) {
            if (it->second == n) {
                expected.erase(it);
                break;
            }
        }
        if (i % 25 == 0) expect_same(t, expected);
    }
    expect_same(t, expected);
    EXPECT_EQ(t.size(), 0u);
    EXPECT_LT(t.capacity(), peak);
}

TEST(Intern, RandomHashesThroughGrowthAndShrinking) {
    InternTable t;
    std::unordered_multimap<uint64_t, Node*> expected;
    std::vector<base::Ref<value::Pending>> live;
    std::mt19937_64 g(11);
    // Grow and shrink in waves: insert 4000, erase most at random, insert again.
    for (int wave = 0; wave < 3; wave++) {
        for (int i = 0; i < 4000; i++) {
            uint64_t h = g() % 1500; // many duplicates as well as distinct hashes
            live.push_back(test_node(h));
            Node* n = static_cast<Node*>(live.back().get());
            t.insert(h, n);
            expected.emplace(h, n);
        }
        expect_same(t, expected);
        std::shuffle(live.begin(), live.end(), g);
        while (live.size() > 200) {
            Node* n = static_cast<Node*>(live.back().get());
            t.erase(n, n->intern_slot());
            auto [lo, hi] = expected.equal_range(n->hash());
            for (auto it = lo; it != hi; ++it) {
                if (it->second == n) {
                    expected.erase(it);
                    break;
                }
            }
            live.pop_back();
        }
        expect_same(t, expected);
    }
}

// A read's pattern: a few nodes in, the same few out, many times over. Leaving by tombstone must
// neither grow the table without bound nor lose an entry behind a tombstone.
TEST(Intern, ChurnKeepsTheTableSmallAndEveryEntryReachable) {
    InternTable t;
    std::unordered_multimap<uint64_t, Node*> expected;
    std::vector<base::Ref<value::Pending>> kept; // a few long-lived nodes among the churn
    for (uint64_t h = 0; h < 5; h++) {
        kept.push_back(test_node(h * 7919));
        Node* n = static_cast<Node*>(kept.back().get());
        t.insert(h * 7919, n);
        expected.emplace(h * 7919, n);
    }
    std::mt19937_64 g(3);
    for (int round = 0; round < 2000; round++) {
        std::vector<base::Ref<value::Pending>> chain;
        for (int i = 0; i < 10; i++) {
            uint64_t h = g() % 64; // collide with the kept nodes and one another
            chain.push_back(test_node(h));
            t.insert(h, static_cast<Node*>(chain.back().get()));
        }
        ASSERT_EQ(t.size(), 15u);
        for (auto& r : chain) {
            Node* n = static_cast<Node*>(r.get());
            EXPECT_EQ(t.find(n->hash(), [&](const Node& m) { return &m == n; }), n);
        }
        std::shuffle(chain.begin(), chain.end(), g);
        for (auto& r : chain) t.erase(static_cast<Node*>(r.get()), static_cast<Node*>(r.get())->intern_slot());
        if (round % 100 == 0) expect_same(t, expected);
    }
    expect_same(t, expected);
    EXPECT_LE(t.capacity(), 128u);
}
