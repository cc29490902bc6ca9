// Layouts: keys per axis, the hash index, records, sharing items, match through keys.
#include "base/error.h"
#include "value/array.h"
#include "value/layout.h"
#include "value/match.h"
#include "value/pending.h"

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>

using namespace bpl::value;
using bpl::number::Kind;

namespace {
Value ints(std::vector<int64_t> xs) {
    std::vector<Value> items;
    for (int64_t x : xs) items.push_back(Value::integer(x));
    int64_t n = static_cast<int64_t>(items.size());
    return make_array({n}, std::move(items));
}
} // namespace

TEST(Layout, FindsEveryKeyByItsPosition) {
    std::vector<std::optional<std::string>> keys;
    for (int i = 0; i < 1000; i++) keys.push_back(i % 7 == 3 ? std::nullopt : std::optional<std::string>("k" + std::to_string(i)));
    Ref<const Layout> l = Layout::of_keys(keys);
    ASSERT_TRUE(l);
    for (int i = 0; i < 1000; i++) {
        std::optional<int64_t> p = l->find(0, "k" + std::to_string(i));
        if (i % 7 == 3) {
            EXPECT_FALSE(p) << i;
            EXPECT_FALSE(l->key(0, i));
        } else {
            ASSERT_TRUE(p) << i;
            EXPECT_EQ(*p, i);
            EXPECT_EQ(*l->key(0, i), "k" + std::to_string(i));
        }
    }
    EXPECT_FALSE(l->find(0, "k1000"));
    EXPECT_FALSE(l->find(0, ""));
}

TEST(Layout, DuplicateKeyIsDomainError) {
    try {
        Layout::of_keys({std::string("aa"), std::nullopt, std::string("aa")});
        FAIL() << "no error";
    } catch (const bpl::base::Error& e) {
        EXPECT_EQ(e.kind(), bpl::base::ErrorKind::Domain);
    }
}

TEST(Layout, UnlabelledAxesHaveNoLayout) {
    EXPECT_FALSE(Layout::of({AxisLayout{}, AxisLayout{}}));
    EXPECT_FALSE(Layout::of_keys({std::nullopt, std::nullopt})); // positions only
    Ref<const Layout> empty = Layout::of_keys({}); // ⍬:⍬ is keyed
    ASSERT_TRUE(empty);
    EXPECT_TRUE(empty->is_keyed(0));
}

TEST(Layout, RecordHoldsItsFieldsInOrder) {
    Value r = record({{"b", Value::integer(2)}, {"a", ints({1, 2, 3})}, {"f", Value::character(U'x')}});
    ASSERT_EQ(r.shape(), (Shape{3}));
    EXPECT_EQ(keys_of(r), (std::vector<std::optional<std::string>>{"b", "a", "f"}));
    std::optional<Value> a = field(r, "a");
    ASSERT_TRUE(a);
    EXPECT_TRUE(match(*a, ints({1, 2, 3})));
    EXPECT_EQ(field(r, "b")->as_i64(), 2);
    EXPECT_FALSE(field(r, "c"));
    EXPECT_FALSE(field(ints({1, 2}), "a"));
    EXPECT_THROW(record({{"a", Value::integer(1)}, {"a", Value::integer(2)}}), bpl::base::Error);
}

TEST(Layout, RelayoutSharesTheItemsAndKeepsTheSource) {
    Value v = ints({10, 20, 30});
    Value held = v; // shared: relayout must not change it
    Value k = with_layout(v, Layout::of_keys({std::string("x"), std::nullopt, std::string("z")}));
    EXPECT_EQ(layout_of(held), nullptr);
    ASSERT_NE(layout_of(k), nullptr);
    EXPECT_EQ(k.array_data().data(), held.array_data().data()); // one buffer
    EXPECT_EQ(field(k, "z")->as_i64(), 30);
    EXPECT_EQ(Desc::of(k).layout.get(), layout_of(k));
    EXPECT_EQ(Desc::of(held).layout.get(), nullptr);
    EXPECT_EQ(layout_of(with_layout(k, {})), nullptr);
}

TEST(Layout, MatchComparesKeys) {
    Value a = record({{"a", Value::integer(1)}, {"b", Value::integer(2)}});
    Value b = record({{"a", Value::integer(1)}, {"b", Value::integer(2)}});
    Value c = record({{"b", Value::integer(1)}, {"a", Value::integer(2)}});
    EXPECT_TRUE(match(a, b));
    EXPECT_FALSE(match(a, c));
    EXPECT_FALSE(match(a, ints({1, 2})));
    EXPECT_TRUE(match(record({}), record({})));
    EXPECT_FALSE(match(record({}), make_array({0}, {})));
}

TEST(Layout, EqualKeysBuiltSeparatelyShareOneLayout) {
    std::vector<std::optional<std::string>> keys;
    for (int i = 0; i < 100; i++) keys.push_back("k" + std::to_string(i));
    Ref<const Layout> a = Layout::of_keys(keys);
    Ref<const Layout> b = Layout::of_keys(keys);
    EXPECT_EQ(a.get(), b.get());
    keys[50] = "other";
    Ref<const Layout> c = Layout::of_keys(keys);
    EXPECT_NE(a.get(), c.get());
    EXPECT_FALSE(*a == *c);
    EXPECT_FALSE(same_layout(a.get(), c.get()));
    EXPECT_EQ(c->find(0, "other"), 50);
    EXPECT_FALSE(c->find(0, "k50"));
}

TEST(Layout, ADestroyedLayoutLeavesTheTable) {
    {
        Ref<const Layout> a = Layout::of_keys({std::string("only-here"), std::string("b")});
        ASSERT_EQ(a->ref_count(), 1u);
    }
    Ref<const Layout> b = Layout::of_keys({std::string("only-here"), std::string("b")});
    ASSERT_TRUE(b);
    EXPECT_EQ(b->ref_count(), 1u); // built anew: nothing else holds it
    EXPECT_EQ(b->find(0, "b"), 1);
}

TEST(Layout, ARendererLayoutComparesByItsAxes) {
    Ref<const Layout> a = Layout::of_keys({std::string("x"), std::string("y")});
    Ref<const Layout> r = Layout::with_renderer(a.get(), 1, Value::integer(7)); // any value stands in
    EXPECT_NE(r.get(), a.get());
    EXPECT_TRUE(*r == *a);
    EXPECT_TRUE(same_layout(r.get(), a.get()));
    Ref<const Layout> other = Layout::of_keys({std::string("x"), std::string("z")});
    EXPECT_FALSE(*r == *other);
}

TEST(Layout, ThreadsBuildingEqualLayoutsShareOrRebuildSafely) {
    std::vector<std::thread> threads;
    std::atomic<int> wrong{0};
    for (int t = 0; t < 4; t++)
        threads.emplace_back([&wrong] {
            for (int i = 0; i < 2000; i++) {
                Ref<const Layout> l = Layout::of_keys({std::string("p"), std::string("q")});
                if (l->find(0, "q") != 1) wrong++;
            }
        });
    for (std::thread& t : threads) t.join();
    EXPECT_EQ(wrong.load(), 0);
}
