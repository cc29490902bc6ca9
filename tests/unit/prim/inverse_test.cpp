// The inverse table walked row by row: every scalar row with an inverse undoes its own call on
// sample values (a round trip through prim::call), and the structural inverses on hand-worked
// examples from functions.md.
#include "prim/inverse.h"
#include "prim/prim.h"
#include "value/array.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

using namespace bpl;
using number::Kind;
using prim::Prim;
using value::Value;

namespace {
Value num(double x) { return Value::real(x, Kind::F64, true); }
double f64(const Value& v) { return v.read().as_f64(); }
constexpr size_t ROWS = static_cast<size_t>(Prim::Execute) + 1;
// Arguments inside every scalar row's domain (circle codes take a small integer left argument).
constexpr double HELD = 2, ARG = 0.75;
} // namespace

TEST(Inverse, ScalarRowsUndoTheirMonadicCall) {
    int checked = 0;
    for (size_t i = 0; i < ROWS; i++) {
        Prim p = static_cast<Prim>(i);
        if (!prim::inverse_forms(p).monadic || !prim::info(p).monadic_fn) continue;
        if (p == Prim::Tilde) continue; // Booleans only
        Value back = prim::inverse(p, prim::call(p, num(ARG)));
        EXPECT_NEAR(f64(back), ARG, 1e-12) << prim::info(p).name;
        checked++;
    }
    EXPECT_GE(checked, 6); // + - ÷ * ⍟ √ π at least
}

TEST(Inverse, ScalarRowsUndoTheirDyadicCallWithEitherSideHeld) {
    int checked = 0;
    for (size_t i = 0; i < ROWS; i++) {
        Prim p = static_cast<Prim>(i);
        prim::InverseForms forms = prim::inverse_forms(p);
        bool scalar = prim::info(p).dyadic_fn || p == Prim::Circle;
        if (!scalar || p == Prim::Equal || p == Prim::NotEqual) continue; // Booleans: below
        if (forms.held_left) {
            Value back = prim::inverse(p, num(HELD), prim::call(p, num(HELD), num(ARG)));
            EXPECT_NEAR(f64(back), ARG, 1e-12) << prim::info(p).name << " left held";
            checked++;
        }
        if (forms.held_right) {
            Value back = prim::inverse_left(p, num(HELD), prim::call(p, num(ARG), num(HELD)));
            EXPECT_NEAR(f64(back), ARG, 1e-12) << prim::info(p).name << " right held";
            checked++;
        }
    }
    EXPECT_GE(checked, 16);
}

TEST(Inverse, EqualOnBooleansIsItsOwnInverse) {
    for (bool x : {false, true})
        for (bool z : {false, true}) {
            Value y = prim::call(Prim::Equal, Value::boolean(x), Value::boolean(z));
            EXPECT_EQ(prim::inverse(Prim::Equal, Value::boolean(x), y).read().as_i64(), z ? 1 : 0);
        }
}

TEST(Inverse, SelfInversesUndoYfY) {
    for (Prim p : {Prim::Plus, Prim::Times, Prim::Floor, Prim::Ceiling}) {
        Value y = prim::call(p, num(ARG), num(ARG));
        EXPECT_NEAR(f64(prim::inverse_self(p, y)), ARG, 1e-12) << prim::info(p).name;
    }
}

TEST(Inverse, MultiplyingByZeroHasNoInverse) {
    try {
        prim::inverse(Prim::Times, num(0), num(0));
        FAIL() << "expected DOMAIN ERROR";
    } catch (const base::Error& e) {
        EXPECT_EQ(e.kind(), base::ErrorKind::Domain);
    }
}

TEST(Inverse, RowsWithoutAnInverseRaiseDomain) {
    try {
        prim::inverse(Prim::Floor, num(2.5));
        FAIL() << "expected DOMAIN ERROR";
    } catch (const base::Error& e) {
        EXPECT_EQ(e.kind(), base::ErrorKind::Domain);
    }
}

TEST(Inverse, GradeInverseGivesAnArrayWithThatGrade) {
    // ⍋⁻ 2 0 1 ⍝ 1 2 0 (functions.md §8)
    Value p = value::make_array({3}, {Value::integer(2), Value::integer(0), Value::integer(1)});
    Value z = prim::inverse(Prim::GradeUp, p).read();
    ASSERT_EQ(z.count(), 3);
    EXPECT_EQ(z.array_data().item(0).as_i64(), 1);
    EXPECT_EQ(z.array_data().item(1).as_i64(), 2);
    EXPECT_EQ(z.array_data().item(2).as_i64(), 0);
}

TEST(Inverse, PrimeAndFactorInverses) {
    // ⍭⁻ counts the primes below: ⍭⁻⍭N is N. ⨸⁻ multiplies, skipping ⨸'s zero fill.
    std::vector<Value> ns;
    for (int64_t n : {0, 1, 9999}) ns.push_back(Value::integer(n));
    Value n = value::make_array({3}, ns);
    Value back = prim::inverse(Prim::Prime, prim::call(Prim::Prime, n)).read();
    for (int64_t i = 0; i < 3; i++) EXPECT_EQ(back.array_data().item(i).as_i64(), ns[i].as_i64());
    Value m = value::make_array({2}, {Value::integer(2), Value::integer(12)});
    Value product = prim::inverse(Prim::Factor, prim::call(Prim::Factor, m)).read();
    EXPECT_EQ(product.array_data().item(0).as_i64(), 2);
    EXPECT_EQ(product.array_data().item(1).as_i64(), 12);
    EXPECT_EQ(prim::inverse(Prim::Factor, prim::call(Prim::Factor, Value::integer(700))).read().as_i64(), 700);
}
