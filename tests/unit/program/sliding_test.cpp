// Sliding folds (rules.cpp's "f/ of a Copy" row): f/ along the last axis of a Copy reads the
// Copy's operand as one slice per item of that axis, in the fold's stage; the Copy's larger
// result is never made. Results against hand-written loops in APL's right-to-left order.
#include "program/plan.h"
#include "program/threads.h"
#include "prim/prim.h"
#include "value/array.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

using namespace bpl;
using value::Value;

namespace {
Value num(double x) { return Value::real(x, number::Kind::F64, true); }

Value ramp(int64_t n) {
    auto a = value::ArrayData::compact(number::Kind::F64, {n});
    for (int64_t i = 0; i < n; i++) a->items_as<double>()[i] = 0.25 * static_cast<double>(i % 101) - 3;
    return Value::array(std::move(a));
}

// f/w↕x, read with the report on; the report's text in `report`.
Value windowed(prim::Prim f, int64_t w, const Value& x, std::string& report) {
    program::reset_counters();
    program::set_reporting(true);
    Value r = *prim::reduce(f, prim::call(prim::Prim::Windows, num(static_cast<double>(w)), x), false);
    Value got = r.read();
    program::set_reporting(false);
    report = program::take_report();
    return got;
}
} // namespace

// +/5↕x over 10⁴ items (several blocks and a partial one): one stage, nothing stored beside the
// result, and every item the right-to-left sum of its window.
TEST(Sliding, AWindowedSumIsOneStageAndStoresNothing) {
    program::clear_cache();
    const int64_t n = 10000, w = 5;
    Value x = ramp(n);
    std::string report;
    Value got = windowed(prim::Prim::Plus, w, x, report);
    EXPECT_EQ(program::counters().stages_run, 1u);
    EXPECT_EQ(program::counters().values_stored, 0u);
    EXPECT_NE(report.find("rule: f/ of a Copy → one sliding fold"), std::string::npos) << report;
    ASSERT_EQ(got.array_data().shape(), (value::Shape{n - w + 1}));
    const double* g = got.array_data().items_as<double>();
    const double* v = x.array_data().items_as<double>();
    for (int64_t i = 0; i + w <= n; i++) {
        double want = v[i + w - 1];
        for (int64_t k = w - 2; k >= 0; k--) want = v[i + k] + want;
        ASSERT_EQ(g[i], want) << "item " << i;
    }
}

// -/ is not associative: each window is x₀-(x₁-(x₂-x₃)), exactly.
TEST(Sliding, ANonAssociativeFoldKeepsRightToLeftOrder) {
    program::clear_cache();
    const int64_t n = 3000, w = 4;
    Value x = ramp(n);
    std::string report;
    Value got = windowed(prim::Prim::Minus, w, x, report);
    const double* g = got.array_data().items_as<double>();
    const double* v = x.array_data().items_as<double>();
    for (int64_t i = 0; i + w <= n; i++) {
        double want = v[i + w - 1];
        for (int64_t k = w - 2; k >= 0; k--) want = v[i + k] - want;
        ASSERT_EQ(g[i], want) << "item " << i;
    }
}

// ⌈/¯3↕x: padded windows centred on each item, the fill (0) beyond the ends, read through the
// slices' bounds.
TEST(Sliding, PaddedWindowsReadTheFillAtTheEnds) {
    program::clear_cache();
    const int64_t n = 2000;
    Value x = ramp(n);
    std::string report;
    Value got = windowed(prim::Prim::Ceiling, -3, x, report);
    EXPECT_NE(report.find("sliding fold"), std::string::npos) << report;
    ASSERT_EQ(got.count(), n);
    const double* g = got.array_data().items_as<double>();
    const double* v = x.array_data().items_as<double>();
    for (int64_t i = 0; i < n; i++) {
        double a = i > 0 ? v[i - 1] : 0, b = v[i], c = i + 1 < n ? v[i + 1] : 0;
        ASSERT_EQ(g[i], std::max(a, std::max(b, c))) << "item " << i;
    }
}

// +/⍉M: the sum along the transpose's rows is M's column sums, read row by row of M (slices of
// the transpose are M's rows); fused with a consumer (÷) in the same stage.
TEST(Sliding, AFoldOfATransposeReadsRowsAndFusesIntoItsConsumer) {
    program::clear_cache();
    const int64_t rows = 37, cols = 1100;
    auto a = value::ArrayData::compact(number::Kind::F64, {rows, cols});
    for (int64_t i = 0; i < rows * cols; i++) a->items_as<double>()[i] = static_cast<double>(i % 977) * 0.5;
    Value m = Value::array(a);
    program::reset_counters();
    Value r = prim::call(prim::Prim::Divide, *prim::reduce(prim::Prim::Plus, prim::call(prim::Prim::Transpose, m), false),
                         num(2));
    Value got = r.read();
    EXPECT_EQ(program::counters().stages_run, 1u);
    EXPECT_EQ(program::counters().values_stored, 0u);
    ASSERT_EQ(got.array_data().shape(), (value::Shape{cols}));
    const double* g = got.array_data().items_as<double>();
    const double* v = a->items_as<double>();
    for (int64_t j = 0; j < cols; j++) {
        double want = v[(rows - 1) * cols + j];
        for (int64_t i = rows - 2; i >= 0; i--) want = v[i * cols + j] + want;
        ASSERT_EQ(g[j], want / 2) << "column " << j;
    }
}

// One plan serves +/w↕x at a thousand lengths (refills), each result right.
TEST(Sliding, OnePlanServesEveryLengthByRefills) {
    program::clear_cache();
    program::reset_counters();
    for (int64_t n = 4; n < 1004; n++) { // results of 2 items or more: one length class
        Value x = ramp(n);
        Value r = *prim::reduce(prim::Prim::Plus, prim::call(prim::Prim::Windows, num(3), x), false);
        Value got = r.read();
        const double* v = x.array_data().items_as<double>();
        ASSERT_EQ(got.count(), n - 2);
        ASSERT_EQ(got.array_data().items_as<double>()[n - 3], v[n - 3] + (v[n - 2] + v[n - 1])) << n;
    }
    EXPECT_EQ(program::counters().plans_made, 1u);
    EXPECT_EQ(program::counters().refills, 999u);
}

// 1 and 2 threads agree exactly: each item's window is combined in one order whatever the split.
TEST(Sliding, OneAndTwoThreadsAgree) {
    program::clear_cache();
    const int64_t n = 1 << 20; // about a thousand blocks: two parts
    Value x = ramp(n);
    auto run = [&](int t) {
        program::set_threads(t);
        Value r = *prim::reduce(prim::Prim::Minus, prim::call(prim::Prim::Windows, num(7), x), false);
        return r.read();
    };
    int before = program::threads();
    Value one = run(1), two = run(2);
    program::set_threads(before);
    ASSERT_EQ(one.count(), n - 6);
    const double* a = one.array_data().items_as<double>();
    const double* b = two.array_data().items_as<double>();
    for (int64_t i = 0; i < n - 6; i++) ASSERT_EQ(a[i], b[i]) << "item " << i;
}
