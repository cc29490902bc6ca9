// A read of ⍳ through a rearrangement or a selection never stores the ⍳: its items are an affine
// function of their positions, so the Copy (or Gather) that reads it computes the items it reads
// in its own stage. Stage counts and stored values from the counters and the report; every item
// against a hand-written loop over positions (no Mapping code).
#include "prim/factory.h"
#include "prim/prim.h"
#include "program/plan.h"
#include "value/array.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace bpl;
using prim::Prim;
using value::Value;

namespace {

Value num(double x) { return Value::real(x, number::Kind::F64, true); }
Value ints(std::vector<int64_t> xs) {
    auto a = value::ArrayData::compact(number::Kind::Int, {static_cast<int64_t>(xs.size())});
    std::copy(xs.begin(), xs.end(), a->items_as<int64_t>());
    return Value::array(a);
}
Value iota(int64_t n) { return prim::call(Prim::Iota, num(static_cast<double>(n))); }

struct Read {
    Value value;
    std::string report;
};
// Reads v from a fresh cache and counters, with the report on. (A Value built in the same full
// expression, such as the ⍳ of reading(f(iota(n))), would still be held by its temporary.)
Read reading(const Value& v) {
    program::clear_cache();
    program::reset_counters();
    program::set_reporting(true);
    Value got = v.read();
    program::set_reporting(false);
    return {got, program::take_report()};
}

std::vector<int64_t> items(const Value& v) {
    const value::ArrayData& a = v.array_data();
    return std::vector<int64_t>(a.items_as<int64_t>(), a.items_as<int64_t>() + a.count());
}

// One stage, nothing stored beside the result, the ⍳ in the reader's stage.
void expect_one_stage(const Read& r, const char* stage) {
    EXPECT_EQ(program::counters().stages_run, 1u) << r.report;
    EXPECT_EQ(program::counters().values_stored, 0u) << r.report;
    EXPECT_EQ(r.report.find("stored:"), std::string::npos) << r.report;
    EXPECT_NE(r.report.find(stage), std::string::npos) << r.report;
}

} // namespace

// 3↑⍳1E8: the take reads three items of ⍳ computed where it reads them; the 800 MB ⍳ is never
// made, so the read fits a 64 MiB memory limit (it was a LIMIT ERROR).
TEST(Iota, ATakeOfIotaStoresNoIota) {
    int64_t limit = program::memory_limit();
    program::set_memory_limit(int64_t{64} << 20);
    Value e = prim::call(Prim::Take, ints({3}), iota(100000000));
    Read r = reading(e);
    program::set_memory_limit(limit);
    EXPECT_EQ(items(r.value), (std::vector<int64_t>{0, 1, 2}));
    expect_one_stage(r, "stage 1 (fused): Iota, Copy");
}

// ⌽⍳n over several blocks and a partial one, upward and downward (⍳-n counts down).
TEST(Iota, AReverseOfIotaIsOneStage) {
    const int64_t n = 5003;
    for (int64_t dir : {1, -1}) {
        Value e = prim::call(Prim::Reverse, iota(dir * n));
        Read r = reading(e);
        std::vector<int64_t> want;
        for (int64_t i = 0; i < n; i++) want.push_back(dir > 0 ? n - 1 - i : i);
        EXPECT_EQ(items(r.value), want) << dir;
        expect_one_stage(r, "stage 1 (fused): Iota, Copy");
    }
}

// ⍉ r c⍴⍳(r·c) (a transpose past the tiling threshold), a cycling reshape, an overtake that pads
// on the left, a drop to nothing: each one stage, its items from the positions.
TEST(Iota, RearrangementsOfIotaComputeTheirItems) {
    const int64_t rows = 67, cols = 131;
    Value e = prim::call(Prim::Transpose, prim::call(Prim::Rho, ints({rows, cols}), iota(rows * cols)));
    Read t = reading(e);
    ASSERT_EQ(t.value.array_data().shape(), (value::Shape{cols, rows}));
    std::vector<int64_t> want;
    for (int64_t i = 0; i < cols; i++)
        for (int64_t j = 0; j < rows; j++) want.push_back(j * cols + i);
    EXPECT_EQ(items(t.value), want);
    expect_one_stage(t, "stage 1 (fused): Iota, Copy");

    e = prim::call(Prim::Rho, ints({7}), iota(3));
    Read cyc = reading(e);
    EXPECT_EQ(items(cyc.value), (std::vector<int64_t>{0, 1, 2, 0, 1, 2, 0}));
    expect_one_stage(cyc, "Iota, Copy");

    e = prim::call(Prim::Take, ints({-5}), iota(3));
    Read over = reading(e);
    EXPECT_EQ(items(over.value), (std::vector<int64_t>{0, 0, 0, 1, 2})); // the fill, 0, then ⍳3
    expect_one_stage(over, "Iota, Copy");

    e = prim::call(Prim::Drop, ints({1}), iota(1));
    Read none = reading(e);
    EXPECT_EQ(items(none.value), std::vector<int64_t>{});
}

// (⊂p)⌷⍳n with positions no mapping spells: a Gather computing ⍳'s item at each position, in
// one stage with the ⍳; downward, item j of ⍳-n is n-1-j.
TEST(Iota, AGatherFromIotaStoresNoIota) {
    const int64_t n = 1000;
    std::vector<int64_t> p = {3, 1, 4, 1, 5, 9, 2, 6, 999, 0, 535};
    for (int64_t dir : {1, -1}) {
        Value e = prim::call(Prim::Squad, prim::call(Prim::Enclose, ints(p)), iota(dir * n));
        Read r = reading(e);
        std::vector<int64_t> want;
        for (int64_t j : p) want.push_back(dir > 0 ? j : n - 1 - j);
        EXPECT_EQ(items(r.value), want) << dir;
        expect_one_stage(r, "stage 1 (fused): Iota, Gather");
    }
}

// A Gather over several ⍳ sources (one index space in operand order: ⍳3 then ⍳¯4 = 3 2 1 0),
// -1 and past-the-end positions reading the fill 0, over several blocks (binary search of the
// sources at every item).
TEST(Iota, AGatherOverSeveralIotasReadsTheFillOutside) {
    std::vector<int64_t> idx, want;
    const int64_t source[7] = {0, 1, 2, 3, 2, 1, 0};
    for (int64_t i = 0; i < 3000; i++) {
        int64_t j = i % 9 - 1; // -1 … 7: the fill at -1 and 7
        idx.push_back(j);
        want.push_back(j >= 0 && j < 7 ? source[j] : 0);
    }
    Value e = prim::gather_many({iota(3), iota(-4)}, {3000}, idx);
    Read r = reading(e);
    EXPECT_EQ(items(r.value), want);
    expect_one_stage(r, "stage 1 (fused): Iota, Iota, Gather");
}

// (⍳n)+⌽⍳n: the ⍳ runs in the stage for the sum and the reverse reads it at its own positions.
TEST(Iota, IotaReadBothItemForItemAndAtPositions) {
    const int64_t n = 2500;
    Value x = iota(n);
    Value e = prim::call(Prim::Plus, x, prim::call(Prim::Reverse, x));
    x = Value(); // not held: the sum's read owns it
    Read r = reading(e);
    EXPECT_EQ(items(r.value), std::vector<int64_t>(n, n - 1));
    expect_one_stage(r, "stage 1 (fused): Iota, Copy, Map Add");
}

// One plan serves ⌽⍳n at every length: a hit at a new length refills and computes the new items.
TEST(Iota, ARefilledPlanReadsTheNewIota) {
    program::clear_cache();
    program::reset_counters();
    Value e = prim::call(Prim::Reverse, iota(10));
    EXPECT_EQ(items(e.read()), (std::vector<int64_t>{9, 8, 7, 6, 5, 4, 3, 2, 1, 0}));
    e = prim::call(Prim::Reverse, iota(20000));
    std::vector<int64_t> got = items(e.read());
    EXPECT_EQ(program::counters().plans_made, 1u);
    EXPECT_EQ(program::counters().refills, 1u);
    ASSERT_EQ(got.size(), 20000u);
    for (int64_t i = 0; i < 20000; i++) ASSERT_EQ(got[static_cast<size_t>(i)], 19999 - i) << i;
}
