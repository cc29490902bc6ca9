// The Join step (catenation): one node whose blocks read each operand's run along the joined
// axis, fused into its consumer. Stage counts and stored values from the counters; every item
// against a hand-written loop over the operands' items.
#include "program/plan.h"
#include "prim/prim.h"
#include "value/array.h"

#include <gtest/gtest.h>

#include <string>

using namespace bpl;
using value::Value;

namespace {
Value num(double x) { return Value::real(x, number::Kind::F64, true); }

// A stored float64 array of shape s, item i = 0.25×(i mod 97) + c.
Value leaf(value::Shape s, double c) {
    auto a = value::ArrayData::compact(number::Kind::F64, s);
    for (int64_t i = 0; i < a->count(); i++) a->items_as<double>()[i] = 0.25 * static_cast<double>(i % 97) + c;
    return Value::array(std::move(a));
}
double item(int64_t i, double c) { return 0.25 * static_cast<double>(i % 97) + c; }

Value ints(value::Shape s) {
    auto a = value::ArrayData::compact(number::Kind::Int, s);
    for (int64_t i = 0; i < a->count(); i++) a->items_as<int64_t>()[i] = i - 5;
    return Value::array(std::move(a));
}

Value reading(const Value& v, std::string& report) {
    program::set_reporting(true);
    Value got = v.read();
    program::set_reporting(false);
    report = program::take_report();
    return got;
}
} // namespace

// +/x,y over stored vectors of several blocks and a partial one: one stage (the Join and the fold),
// nothing stored, the sum the hand loop's (the sums are of quarters: exact).
TEST(Join, ASumOfACatenationIsOneStageAndStoresNothing) {
    program::clear_cache();
    program::reset_counters();
    const int64_t na = 5003, nw = 2999;
    Value x = leaf({na}, 1), y = leaf({nw}, -7);
    Value total = *prim::reduce(prim::Prim::Plus, prim::call(prim::Prim::Comma, x, y), false);
    std::string report;
    double got = reading(total, report).as_f64();
    double want = 0;
    for (int64_t i = 0; i < na; i++) want += item(i, 1);
    for (int64_t i = 0; i < nw; i++) want += item(i, -7);
    EXPECT_EQ(got, want);
    EXPECT_EQ(program::counters().stages_run, 1u);
    EXPECT_EQ(program::counters().values_stored, 0u);
    EXPECT_NE(report.find("Join, Fold Add"), std::string::npos) << report;
}

// 2×(m,n) of matrices along the last axis, and (m⍪n)+1 along the first: each one stage that
// stores only its result; every item against the rows of the operands.
TEST(Join, MatricesJoinAlongEitherAxisIntoTheirConsumer) {
    program::clear_cache();
    const int64_t rows = 37, ca = 300, cw = 211;
    Value m = leaf({rows, ca}, 0), n = leaf({rows, cw}, 100);
    program::reset_counters();
    std::string report;
    Value e = prim::call(prim::Prim::Times, num(2), prim::call(prim::Prim::Comma, m, n)); // the join not held
    Value last = reading(e, report);
    EXPECT_EQ(program::counters().stages_run, 1u) << report;
    EXPECT_EQ(program::counters().values_stored, 0u); // nothing beside the result
    ASSERT_EQ(last.array_data().shape(), (value::Shape{rows, ca + cw}));
    const double* g = last.array_data().items_as<double>();
    for (int64_t r = 0; r < rows; r++)
        for (int64_t j = 0; j < ca + cw; j++)
            ASSERT_EQ(g[r * (ca + cw) + j], 2 * (j < ca ? item(r * ca + j, 0) : item(r * cw + j - ca, 100))) << r << " " << j;

    Value p = leaf({rows, ca}, 3), q = leaf({11, ca}, -3);
    program::reset_counters();
    e = prim::call(prim::Prim::Plus, prim::call(prim::Prim::Table, p, q), num(1));
    Value first = reading(e, report);
    EXPECT_EQ(program::counters().stages_run, 1u) << report;
    EXPECT_EQ(program::counters().values_stored, 0u);
    ASSERT_EQ(first.array_data().shape(), (value::Shape{rows + 11, ca}));
    g = first.array_data().items_as<double>();
    for (int64_t i = 0; i < (rows + 11) * ca; i++)
        ASSERT_EQ(g[i], 1 + (i < rows * ca ? item(i, 3) : item(i - rows * ca, -3))) << i;
}

// A unit extends along the other axes, an operand of rank one less is one slice, integers join
// floats as floats, an empty operand adds nothing.
TEST(Join, UnitsSlicesKindsAndEmpties) {
    program::clear_cache();
    Value m = leaf({4, 3}, 0);
    Value r = prim::call(prim::Prim::Comma, m, num(9)).read(); // a unit: one column of 9
    ASSERT_EQ(r.array_data().shape(), (value::Shape{4, 4}));
    for (int64_t i = 0; i < 4; i++)
        for (int64_t j = 0; j < 4; j++)
            EXPECT_EQ(r.array_data().items_as<double>()[i * 4 + j], j < 3 ? item(i * 3 + j, 0) : 9);

    Value col = ints({4}); // rank one less: one slice, integers promoted to float
    r = prim::call(prim::Prim::Comma, col, m).read();
    ASSERT_EQ(r.array_data().kind(), number::Kind::F64);
    for (int64_t i = 0; i < 4; i++)
        for (int64_t j = 0; j < 4; j++)
            EXPECT_EQ(r.array_data().items_as<double>()[i * 4 + j], j == 0 ? static_cast<double>(i - 5) : item(i * 3 + j - 1, 0));

    r = prim::call(prim::Prim::Table, m, ints({3})).read(); // one more row
    ASSERT_EQ(r.array_data().shape(), (value::Shape{5, 3}));
    for (int64_t j = 0; j < 3; j++) EXPECT_EQ(r.array_data().items_as<double>()[12 + j], static_cast<double>(j - 5));

    r = prim::call(prim::Prim::Table, num(-1), m).read(); // a unit: one row of ¯1 first
    for (int64_t i = 0; i < 15; i++) EXPECT_EQ(r.array_data().items_as<double>()[i], i < 3 ? -1 : item(i - 3, 0));

    Value empty = leaf({4, 0}, 0);
    r = prim::call(prim::Prim::Comma, empty, m).read();
    ASSERT_EQ(r.array_data().shape(), (value::Shape{4, 3}));
    for (int64_t i = 0; i < 12; i++) EXPECT_EQ(r.array_data().items_as<double>()[i], item(i, 0));
    r = prim::call(prim::Prim::Comma, leaf({0}, 0), leaf({0}, 0)).read();
    EXPECT_EQ(r.array_data().count(), 0);
}

// One structure at new lengths is one plan, refilled: the runs follow the new operands.
TEST(Join, NewLengthsRefillThePlan) {
    program::clear_cache();
    program::reset_counters();
    for (int64_t n : {10, 700, 3}) {
        Value x = leaf({n}, 0), y = leaf({2 * n}, 50);
        Value total = *prim::reduce(prim::Prim::Plus, prim::call(prim::Prim::Comma, x, y), false);
        double want = 0;
        for (int64_t i = 0; i < n; i++) want += item(i, 0);
        for (int64_t i = 0; i < 2 * n; i++) want += item(i, 50);
        EXPECT_EQ(total.read().as_f64(), want) << n;
    }
    EXPECT_EQ(program::counters().plans_made, 1u);
    EXPECT_EQ(program::counters().refills, 2u);
}
