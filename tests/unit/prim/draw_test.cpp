// Roll and deal through dispatch: a call builds one pending Draw node and reserves one stream;
// reads compute and repeat; kinds follow the bound (functions.md §2.16); bad counts are
// construction errors, bad bounds data errors at the read.
#include "base/error.h"
#include "math/random.h"
#include "prim/prim.h"
#include "program/plan.h"
#include "value/array.h"

#include <functional>
#include <gtest/gtest.h>
#include <set>

using namespace bpl;
using number::Kind;
using prim::Prim;
using value::Value;

namespace {
Value num(double x) {
    return Value::real(x, Kind::F64, true);
}
Value ints(std::vector<int64_t> xs) {
    std::vector<Value> items;
    for (int64_t x : xs)
        items.push_back(Value::integer(x));
    return value::make_array({static_cast<int64_t>(xs.size())}, items);
}
std::vector<double> items(const Value& v) {
    Value s = v.read();
    std::vector<double> out;
    if (!s.is_stored_array()) return {s.as_f64()};
    for (int64_t i = 0; i < s.count(); i++)
        out.push_back(s.array_data().item(i).as_f64());
    return out;
}
base::ErrorKind error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const base::Error& e) {
        return e.kind();
    }
    ADD_FAILURE() << "no error";
    return base::ErrorKind::Internal;
}
} // namespace

TEST(Draw, RollBuildsOnePendingNodeAndReservesOneStream) {
    uint64_t before = math::session_generator().streams();
    program::reset_counters();
    Value r = prim::call(Prim::Roll, ints(std::vector<int64_t>(100, 6)));
    EXPECT_TRUE(r.is_pending());
    EXPECT_EQ(program::counters().graphs_read, 0u); // nothing computed at the call
    EXPECT_EQ(math::session_generator().streams(), before + 1);
    std::vector<double> first = items(r), again = items(r);
    EXPECT_EQ(first, again); // a node is read once; later reads reuse its result
    EXPECT_EQ(math::session_generator().streams(), before + 1); // reads reserve nothing
    for (double x : first)
        EXPECT_TRUE(x >= 0 && x < 6 && x == static_cast<int64_t>(x));
    // A second call is a second stream, never the interned first node.
    Value s = prim::call(Prim::Roll, ints(std::vector<int64_t>(100, 6)));
    EXPECT_NE(items(s), first);
}

TEST(Draw, RollKindsFollowTheBound) {
    EXPECT_EQ(prim::call(Prim::Roll, Value::integer(6)).kind(), Kind::Int);
    Value weak = prim::call(Prim::Roll, num(6));
    EXPECT_EQ(weak.kind(), Kind::F64);
    EXPECT_TRUE(weak.weak());
    EXPECT_EQ(prim::call(Prim::Roll, Value::integer(6, Kind::I16)).kind(), Kind::I16);
    EXPECT_EQ(prim::call(Prim::Roll, Value::boolean(true)).kind(), Kind::Int);
    // ¿0 is a float whatever the bound's kind: an integer bound holding a 0 rolls as float64.
    Value z = prim::call(Prim::Roll, ints({3, 0}));
    EXPECT_EQ(z.kind(), Kind::F64);
    std::vector<double> xs = items(z);
    EXPECT_TRUE(xs[0] == 0 || xs[0] == 1 || xs[0] == 2);
    EXPECT_TRUE(xs[1] > 0 && xs[1] < 1);
}

TEST(Draw, RollErrors) {
    EXPECT_EQ(error_of([] { prim::call(Prim::Roll, Value::character(U'a')); }),
              base::ErrorKind::Domain);
    EXPECT_EQ(error_of([] { prim::call(Prim::Roll, Value::complex(1, 2)); }),
              base::ErrorKind::Domain);
    // A bound's value is data: checked by the kernel, raised at the read.
    Value bad = prim::call(Prim::Roll, num(1.5));
    EXPECT_EQ(error_of([&] { bad.read(); }), base::ErrorKind::Domain);
    Value neg = prim::call(Prim::Roll, ints({3, -1}));
    EXPECT_EQ(error_of([&] { neg.read(); }), base::ErrorKind::Domain);
}

TEST(Draw, EmptyRollsDrawNothing) {
    uint64_t before = math::session_generator().streams();
    Value e = prim::call(Prim::Roll, ints({}));
    EXPECT_EQ(e.read().count(), 0);
    Value d = prim::call(Prim::Roll, num(0), num(5));
    EXPECT_EQ(d.read().count(), 0);
    EXPECT_EQ(math::session_generator().streams(), before);
}

TEST(Draw, DealGivesDistinctItemsOfTheBoundsKind) {
    Value d = prim::call(Prim::Roll, num(13), num(52));
    EXPECT_EQ(d.kind(), Kind::F64);
    std::vector<double> xs = items(d);
    ASSERT_EQ(xs.size(), 13u);
    EXPECT_EQ(std::set<double>(xs.begin(), xs.end()).size(), 13u);
    for (double x : xs)
        EXPECT_TRUE(x >= 0 && x < 52 && x == static_cast<int64_t>(x));
    EXPECT_EQ(prim::call(Prim::Roll, Value::integer(13), Value::integer(52)).kind(), Kind::Int);
    EXPECT_EQ(prim::call(Prim::Roll, Value::integer(13), num(52)).kind(), Kind::Int);
    EXPECT_EQ(prim::call(Prim::Roll, ints({5}), num(5)).read().count(), 5); // one-item counts
}

TEST(Draw, DealErrors) {
    auto deal = [](Value m, Value n) { return [=] { prim::call(Prim::Roll, m, n).read(); }; };
    EXPECT_EQ(error_of(deal(num(5), num(3))), base::ErrorKind::Domain);
    EXPECT_EQ(error_of(deal(num(-1), num(3))), base::ErrorKind::Domain);
    EXPECT_EQ(error_of(deal(num(1.5), num(3))), base::ErrorKind::Domain);
    EXPECT_EQ(error_of(deal(num(1), ints({1, 1}))), base::ErrorKind::Length);
    EXPECT_EQ(error_of(deal(ints({}), num(3))), base::ErrorKind::Length);
    EXPECT_EQ(error_of(deal(num(1), Value::character(U'a'))), base::ErrorKind::Domain);
}
