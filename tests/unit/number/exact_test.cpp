// Tests for number/exact: construction, canonical form, spelling, arithmetic and correctly
// rounded conversion. Expected values were computed with Python's fractions module.
#include "base/error.h"
#include "number/exact.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <string_view>

using namespace bpl::number;
using bpl::base::Error;
using bpl::base::ErrorKind;

namespace {
Ref<Exact> q(std::string_view num, std::string_view den = "1") {
    Ref<Exact> r = Exact::parse(num, den);
    EXPECT_TRUE(r) << num << "/" << den;
    return r;
}
ErrorKind kind_of(void (*f)()) {
    try {
        f();
    } catch (const Error& e) {
        return e.kind();
    }
    return ErrorKind::Internal;
}
} // namespace

TEST(Exact, ParseCanonical) {
    EXPECT_EQ(q("2", "4")->spell(), "1ᵣ2");
    EXPECT_EQ(q("1", "-2")->spell(), "¯1ᵣ2");
    EXPECT_EQ(q("¯6", "¯4")->spell(), "3ᵣ2");
    EXPECT_EQ(q("3", "1")->spell(), "3ᵣ");
    EXPECT_EQ(q("0", "5")->spell(), "0ᵣ");
    EXPECT_EQ(q("123456789012345678901234567890")->spell(), "123456789012345678901234567890ᵣ");
    EXPECT_FALSE(Exact::parse("1.5", "2"));
    EXPECT_FALSE(Exact::parse("", "2"));
    EXPECT_FALSE(Exact::parse("-", "2"));
    EXPECT_FALSE(Exact::parse("1", "2x"));
    EXPECT_EQ(kind_of([] { Exact::parse("1", "0"); }), ErrorKind::Domain);
    EXPECT_EQ(kind_of([] { Exact::parse("0", "0"); }), ErrorKind::Domain);
    EXPECT_EQ(kind_of([] { Exact::of(1, 0); }), ErrorKind::Domain);
    EXPECT_EQ(Exact::of(-6, 4)->spell(), "¯3ᵣ2");
    EXPECT_EQ(q("-7", "3")->numerator_text(), "-7");
    EXPECT_EQ(q("-7", "3")->denominator_text(), "3");
}

TEST(Exact, Predicates) {
    EXPECT_TRUE(q("4", "2")->is_integer());
    EXPECT_FALSE(q("1", "3")->is_integer());
    EXPECT_EQ(q("-1", "3")->sign(), -1);
    EXPECT_EQ(q("0")->sign(), 0);
    EXPECT_EQ(q("9223372036854775807")->try_i64(), std::numeric_limits<int64_t>::max());
    EXPECT_EQ(q("-9223372036854775808")->try_i64(), std::numeric_limits<int64_t>::min());
    EXPECT_FALSE(q("9223372036854775808")->try_i64());
    EXPECT_FALSE(q("1", "2")->try_i64());
    EXPECT_EQ(q("6", "4")->hash(), q("3", "2")->hash());
}

TEST(Exact, FromDouble) {
    EXPECT_EQ(Exact::of_double(0.1)->spell(), "3602879701896397ᵣ36028797018963968");
    EXPECT_EQ(Exact::of_double(-2.5)->spell(), "¯5ᵣ2");
    EXPECT_EQ(kind_of([] { Exact::of_double(INFINITY); }), ErrorKind::Domain);
    EXPECT_EQ(kind_of([] { Exact::of_double(NAN); }), ErrorKind::Domain);
}

TEST(Exact, ToDoubleRoundsCorrectly) {
    EXPECT_EQ(q("1", "3")->to_double(), 0x1.5555555555555p-2);
    EXPECT_EQ(q("-1", "3")->to_double(), -0x1.5555555555555p-2);
    EXPECT_EQ(q("1000000000000001", "1000000000000000")->to_double(), 0x1.0000000000005p+0);
    // ties to even
    EXPECT_EQ(q("9007199254740993")->to_double(), 9007199254740992.0);
    EXPECT_EQ(q("9007199254740995")->to_double(), 9007199254740996.0);
    // subnormal, underflow and overflow
    EXPECT_EQ(q("1", "1" + std::string(320, '0'))->to_double(), 0x0.00000000007e8p-1022);
    Ref<Exact> tiny = divide(*Exact::of(3), *power(*Exact::of(2), 1076));
    EXPECT_EQ(tiny->to_double(), 0x0.0000000000001p-1022);
    Ref<Exact> half_min = divide(*Exact::of(1), *power(*Exact::of(2), 1075));
    EXPECT_EQ(half_min->to_double(), 0.0);
    EXPECT_EQ(power(*Exact::of(10), 400)->to_double(), INFINITY);
    EXPECT_EQ(negate(*power(*Exact::of(10), 400))->to_double(), -INFINITY);
    Ref<Exact> big = divide(*power(*Exact::of(10), 400), *power(*Exact::of(3), 500));
    EXPECT_EQ(big->to_double(), 2.750252956203138e+161);
    for (double d : {0.1, -1e-300, 1e300, 5e-324, 123.456, 2.0 / 3})
        EXPECT_EQ(Exact::of_double(d)->to_double(), d);
}

TEST(Exact, Arithmetic) {
    EXPECT_EQ(add(*q("1", "3"), *q("1", "6"))->spell(), "1ᵣ2");
    EXPECT_EQ(subtract(*q("1", "3"), *q("1", "2"))->spell(), "¯1ᵣ6");
    EXPECT_EQ(multiply(*q("2", "3"), *q("9", "4"))->spell(), "3ᵣ2");
    EXPECT_EQ(divide(*q("1"), *q("3"))->spell(), "1ᵣ3");
    EXPECT_EQ(kind_of([] { divide(*Exact::of(1), *Exact::of(0)); }), ErrorKind::Domain);
    EXPECT_EQ(kind_of([] { reciprocal(*Exact::of(0)); }), ErrorKind::Domain);
    EXPECT_EQ(reciprocal(*q("-2", "3"))->spell(), "¯3ᵣ2");
    EXPECT_EQ(negate(*q("2", "3"))->spell(), "¯2ᵣ3");
    EXPECT_EQ(magnitude(*q("-2", "3"))->spell(), "2ᵣ3");
    EXPECT_EQ(floor(*q("-7", "3"))->spell(), "¯3ᵣ");
    EXPECT_EQ(ceiling(*q("-7", "3"))->spell(), "¯2ᵣ");
    EXPECT_EQ(floor(*q("7", "3"))->spell(), "2ᵣ");
    EXPECT_EQ(ceiling(*q("7", "3"))->spell(), "3ᵣ");
    EXPECT_EQ(floor(*q("5"))->spell(), "5ᵣ");
}

TEST(Exact, Residue) {
    EXPECT_EQ(residue(*q("2", "3"), *q("7", "3"))->spell(), "1ᵣ3");
    EXPECT_EQ(residue(*q("2", "3"), *q("-7", "3"))->spell(), "1ᵣ3");
    EXPECT_EQ(residue(*q("-2", "3"), *q("7", "3"))->spell(), "¯1ᵣ3");
    EXPECT_EQ(residue(*q("0"), *q("7", "3"))->spell(), "7ᵣ3");
    EXPECT_EQ(residue(*q("3"), *q("9"))->spell(), "0ᵣ");
}

TEST(Exact, OrderAndExtremes) {
    EXPECT_LT(compare(*q("1", "3"), *q("1", "2")), 0);
    EXPECT_GT(compare(*q("-1", "3"), *q("-1", "2")), 0);
    EXPECT_TRUE(equal(*q("2", "6"), *q("1", "3")));
    EXPECT_FALSE(equal(*q("1000000000000001", "1000000000000000"), *q("1")));
    EXPECT_EQ(min(*q("1", "3"), *q("1", "2")).spell(), "1ᵣ3");
    EXPECT_EQ(max(*q("1", "3"), *q("1", "2")).spell(), "1ᵣ2");
}

TEST(Exact, Power) {
    EXPECT_EQ(power(*q("3", "4"), -3)->spell(), "64ᵣ27");
    EXPECT_EQ(power(*q("-2", "3"), 3)->spell(), "¯8ᵣ27");
    EXPECT_EQ(power(*q("2"), -3)->spell(), "1ᵣ8");
    EXPECT_EQ(power(*q("0"), 0)->spell(), "1ᵣ");
    EXPECT_EQ(power(*q("0"), 5)->spell(), "0ᵣ");
    EXPECT_EQ(power(*q("7", "5"), 0)->spell(), "1ᵣ");
    EXPECT_EQ(kind_of([] { power(*Exact::of(0), -1); }), ErrorKind::Domain);
    EXPECT_EQ(kind_of([] { power(*Exact::of(2), int64_t(1) << 40); }), ErrorKind::Limit);
    EXPECT_EQ(power(*q("1"), int64_t(1) << 40)->spell(), "1ᵣ");
    EXPECT_EQ(power(*q("-1"), (int64_t(1) << 40) + 1)->spell(), "¯1ᵣ");
}

TEST(Exact, GcdLcm) {
    EXPECT_EQ(gcd(*q("4"), *q("-6"))->spell(), "2ᵣ");
    EXPECT_EQ(gcd(*q("1", "2"), *q("1", "3"))->spell(), "1ᵣ6");
    EXPECT_EQ(gcd(*q("2", "3"), *q("4", "9"))->spell(), "2ᵣ9");
    EXPECT_EQ(gcd(*q("0"), *q("0"))->spell(), "0ᵣ");
    EXPECT_EQ(gcd(*q("0"), *q("-3", "4"))->spell(), "3ᵣ4");
    EXPECT_EQ(lcm(*q("1", "2"), *q("1", "3"))->spell(), "1ᵣ");
    EXPECT_EQ(lcm(*q("-4"), *q("6"))->spell(), "¯12ᵣ");
    EXPECT_EQ(lcm(*q("0"), *q("6"))->spell(), "0ᵣ");
}

TEST(Exact, Roots) {
    EXPECT_EQ((*try_root(*q("1", "9"), 2))->spell(), "1ᵣ3");
    EXPECT_EQ((*try_root(*q("-8"), 3))->spell(), "¯2ᵣ");
    EXPECT_FALSE(try_root(*q("2"), 2));
    EXPECT_FALSE(try_root(*q("-4"), 2));
    EXPECT_FALSE(try_root(*q("4", "3"), 2));
}
