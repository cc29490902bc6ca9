// Tests for value/: exact (ᵣ) atoms, their sharing, boxed arrays of them, match and order.
#include "number/exact.h"
#include "value/array.h"
#include "value/match.h"
#include "value/value.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace bpl;
using number::Exact;
using number::Kind;
using value::Value;

TEST(ExactAtom, ConstructAndShare) {
    base::Ref<Exact> e = Exact::of(1, 3);
    Value v = Value::exact(e);
    EXPECT_TRUE(v.is_exact());
    EXPECT_TRUE(v.is_atom());
    EXPECT_FALSE(v.is_number());
    EXPECT_FALSE(v.is_native());
    EXPECT_EQ(v.kind(), Kind::Exact);
    EXPECT_EQ(e->ref_count(), 2u);
    {
        Value copy = v;
        EXPECT_EQ(e->ref_count(), 3u);
        EXPECT_EQ(copy.exact().spell(), "1ᵣ3");
    }
    EXPECT_EQ(e->ref_count(), 2u);
    EXPECT_DOUBLE_EQ(v.as_f64(), 1.0 / 3);
    EXPECT_DOUBLE_EQ(v.re(), 1.0 / 3);
    EXPECT_EQ(v.im(), 0.0);
    EXPECT_EQ(Value::exact(Exact::of(7)).as_i64(), 7);
}

TEST(ExactAtom, ArraysAreBoxed) {
    Value a = value::make_array({2}, {Value::exact(Exact::of(1, 3)), Value::exact(Exact::of(2, 3))});
    ASSERT_TRUE(a.is_stored_array());
    EXPECT_TRUE(a.array_data().is_boxed());
    EXPECT_TRUE(a.array_data().prototype().is_exact());
    EXPECT_EQ(a.array_data().prototype().exact().sign(), 0);
}

TEST(ExactAtom, MatchIsExactUnlessAFloatTakesPart) {
    Value third = Value::exact(Exact::of(1, 3));
    EXPECT_TRUE(value::match(third, Value::exact(Exact::of(2, 6))));
    EXPECT_TRUE(value::match(third, Value::real(1.0 / 3)));
    Value near_one = Value::exact(Exact::parse("1000000000000001", "1000000000000000"));
    EXPECT_FALSE(value::match(near_one, Value::integer(1)));
    EXPECT_TRUE(value::match(near_one, Value::real(1)));
    EXPECT_TRUE(value::match(Value::exact(Exact::of(3)), Value::integer(3)));
}

TEST(ExactAtom, OrderIsExact) {
    Value third = Value::exact(Exact::of(1, 3));
    EXPECT_LT(value::compare(third, Value::exact(Exact::of(1, 2))), 0);
    EXPECT_GT(value::compare(third, Value::real(0.3333333333333333)), 0); // the double is below 1/3
    EXPECT_LT(value::compare(third, Value::real(INFINITY)), 0);
    EXPECT_GT(value::compare(third, Value::integer(0)), 0);
    EXPECT_LT(value::compare(third, Value::character(U'a')), 0);
}
