// Agreement by key and by axis name (prim/agree.cpp, language.md §11.3, §11.5): the expected
// items are worked out by hand from the rules, and the plan is checked for what it reads: no
// selection for one shared layout, one per argument whose axes move.
#include "prim/keys.h"
#include "prim/prim.h"
#include "value/array.h"
#include "value/layout.h"

#include <gtest/gtest.h>

using namespace bpl;
using prim::Prim;
using value::AxisLayout;
using value::Layout;
using value::Value;

namespace {

Value ints(value::Shape shape, std::vector<int64_t> xs) {
    auto a = value::ArrayData::compact(number::Kind::Int, shape);
    for (size_t i = 0; i < xs.size(); i++) a->items_as<int64_t>()[i] = xs[i];
    return Value::array(a);
}

Value keyed(std::vector<int64_t> xs, std::vector<std::optional<std::string>> keys) {
    int64_t n = static_cast<int64_t>(xs.size());
    return value::with_layout(ints({n}, std::move(xs)), Layout::of_keys(std::move(keys)));
}

// axes named `names` (one per axis)
Value named(value::Shape shape, std::vector<int64_t> xs, std::vector<std::string> names) {
    std::vector<AxisLayout> axes;
    for (std::string& n : names) {
        AxisLayout a;
        a.name = std::move(n);
        axes.push_back(std::move(a));
    }
    return value::with_layout(ints(std::move(shape), std::move(xs)), Layout::of(std::move(axes)));
}

std::vector<int64_t> items(const Value& v) {
    Value r = v.read();
    std::vector<int64_t> out;
    for (int64_t i = 0; i < r.count(); i++) out.push_back(r.array_data().item(i).as_i64());
    return out;
}

} // namespace

TEST(KeyedAgreement, OneSharedLayoutSelectsNothing) {
    Value a = keyed({1, 2, 3}, {"x", "y", "z"});
    Value b = keyed({10, 20, 30}, {"x", "y", "z"}); // equal keys built apart: one interned layout
    Value seen_x, seen_y;
    Value r = prim::keyed_dyad(a, b, [&](const Value& x, const Value& y) {
        seen_x = x, seen_y = y;
        return prim::call(Prim::Plus, value::with_layout(x, {}), value::with_layout(y, {}));
    });
    EXPECT_EQ(&seen_x.array_data(), &a.array_data()); // the arguments themselves
    EXPECT_EQ(&seen_y.array_data(), &b.array_data());
    EXPECT_EQ(items(r), (std::vector<int64_t>{11, 22, 33}));
}

TEST(KeyedAgreement, KeysInAnotherOrderAreReadThroughOneSelection) {
    Value a = keyed({1, 2}, {"aa", "bb"});
    Value b = keyed({10, 20, 30}, {"bb", "cc", "aa"});
    Value seen_x;
    Value r = prim::keyed_dyad(a, b, [&](const Value& x, const Value& y) {
        seen_x = x;
        return prim::call(Prim::Plus, x, y);
    });
    EXPECT_FALSE(seen_x.is_stored_array() && &seen_x.array_data() == &a.array_data()); // filled to 3
    // the left's keys, then the right's others; missing entries read 0
    EXPECT_EQ(items(r), (std::vector<int64_t>{1 + 30, 2 + 10, 0 + 20}));
    EXPECT_EQ(value::keys_of(r.read()), (std::vector<std::optional<std::string>>{"aa", "bb", "cc"}));
}

TEST(KeyedAgreement, NamedAxesPairByNameAndBroadcastTheRest) {
    // M[city;month] + N[month;city]: by name, in the left's order
    Value m = named({2, 3}, {0, 1, 2, 3, 4, 5}, {"city", "month"});
    Value n = named({3, 2}, {0, 1, 2, 3, 4, 5}, {"month", "city"});
    auto plus = [](const Value& x, const Value& y) { return prim::call(Prim::Plus, x, y); };
    Value r = prim::keyed_dyad(m, n, plus).read();
    EXPECT_EQ(r.shape(), (value::Shape{2, 3}));
    EXPECT_EQ(items(r), (std::vector<int64_t>{0 + 0, 1 + 2, 2 + 4, 3 + 1, 4 + 3, 5 + 5}));
    // no name in common: every axis broadcasts, the left's first
    Value a = named({2}, {1, 2}, {"a"});
    Value b = named({3}, {10, 20, 30}, {"b"});
    Value o = prim::keyed_dyad(a, b, plus).read();
    EXPECT_EQ(o.shape(), (value::Shape{2, 3}));
    EXPECT_EQ(items(o), (std::vector<int64_t>{11, 21, 31, 12, 22, 32}));
    const Layout* l = value::layout_of(o);
    ASSERT_NE(l, nullptr);
    EXPECT_EQ(l->axis(0).name, "a");
    EXPECT_EQ(l->axis(1).name, "b");
}
