// The one Programs cache: a second read of the same structure hits; a new structure makes a new
// plan; results are right either way. Counters are the evidence that there is one mode.
#include "graph/node.h"
#include "program/plan.h"
#include "program/run.h"
#include "program/threads.h"
#include "prim/mode.h"
#include "prim/prim.h"
#include "value/array.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace bpl;
using value::Value;

namespace {
Value num(double x) { return Value::real(x, number::Kind::F64, true); }

// (⍳n)×k then +/ : a 3-node graph.
Value sum_scaled(double n, double k) {
    Value x = prim::call(prim::Prim::Iota, num(n));
    Value y = prim::call(prim::Prim::Times, x, num(k));
    return *prim::reduce(prim::Prim::Plus, y, false);
}
} // namespace

TEST(Plan, SecondIdenticalReadHitsTheCache) {
    program::clear_cache();
    program::reset_counters();
    Value a = sum_scaled(10, 2);
    EXPECT_EQ(program::counters().nodes_built, 3u);
    EXPECT_DOUBLE_EQ(a.read().as_f64(), 90);
    EXPECT_EQ(program::counters().graphs_read, 1u);
    EXPECT_EQ(program::counters().plans_made, 1u);
    EXPECT_EQ(program::counters().cache_hits, 0u);
    Value b = sum_scaled(10, 2);
    EXPECT_DOUBLE_EQ(b.read().as_f64(), 90);
    EXPECT_EQ(program::counters().graphs_read, 2u);
    EXPECT_EQ(program::counters().plans_made, 1u);
    EXPECT_EQ(program::counters().cache_hits, 1u);
}

TEST(Plan, SameStructureNewLiteralHitsAndComputesTheNewValue) {
    program::clear_cache();
    program::reset_counters();
    EXPECT_DOUBLE_EQ(sum_scaled(10, 2).read().as_f64(), 90);
    EXPECT_DOUBLE_EQ(sum_scaled(10, 3).read().as_f64(), 135);
    EXPECT_EQ(program::counters().plans_made, 1u);
    EXPECT_EQ(program::counters().cache_hits, 1u);
}

TEST(Plan, NewStructureMakesANewPlan) {
    program::clear_cache();
    program::reset_counters();
    EXPECT_DOUBLE_EQ(sum_scaled(10, 2).read().as_f64(), 90);
    Value x = prim::call(prim::Prim::Iota, num(10));
    EXPECT_EQ(prim::call(prim::Prim::Minus, x, num(1)).read().array_data().items_as<int64_t>()[0],
              -1);
    EXPECT_EQ(program::counters().plans_made, 2u);
    EXPECT_EQ(program::cache_size(), 2u);
}

TEST(Plan, ALoneScalarCallIsAGraphOfOne) {
    program::reset_counters();
    Value r = prim::call(prim::Prim::Plus, num(1), num(2));
    EXPECT_EQ(program::counters().nodes_built, 1u);
    EXPECT_DOUBLE_EQ(r.read().as_f64(), 3);
    EXPECT_EQ(program::counters().graphs_read, 1u);
    EXPECT_EQ(program::counters().steps_run, 1u);
}

namespace {
// 0.001×⍳n as float64: a stored leaf, so a test's graph reads it as an input.
Value ramp(int64_t n) {
    auto a = value::ArrayData::compact(number::Kind::F64, {n});
    for (int64_t i = 0; i < n; i++) a->items_as<double>()[i] = 0.001 * static_cast<double>(i);
    return Value::array(std::move(a));
}
} // namespace

TEST(Schedule, AnElementwiseChainEndingInAFoldIsOneStageAndStoresNothing) {
    program::clear_cache();
    program::reset_counters();
    const int64_t n = 10000; // several blocks and a partial one
    Value x = ramp(n);
    // +/3+2×*-x×x : five elementwise steps and a fold
    Value y = prim::call(prim::Prim::Times, x, x);
    y = prim::call(prim::Prim::Minus, y);
    y = prim::call(prim::Prim::Star, y);
    y = prim::call(prim::Prim::Times, num(2), y);
    y = prim::call(prim::Prim::Plus, num(3), y);
    Value total = *prim::reduce(prim::Prim::Plus, y, false);
    y = Value();
    double want = 0;
    for (int64_t i = 0; i < n; i++) {
        double v = 0.001 * static_cast<double>(i);
        want += 3 + 2 * std::exp(-v * v);
    }
    EXPECT_NEAR(total.read().as_f64(), want, 1e-9 * want);
    EXPECT_EQ(program::counters().stages_run, 1u);
    EXPECT_EQ(program::counters().steps_run, 6u);
    EXPECT_EQ(program::counters().values_stored, 0u);
}

TEST(Schedule, AHeldIntermediateIsStoredAndKeepsItsResult) {
    program::clear_cache();
    program::reset_counters();
    Value x = ramp(3000);
    Value held = prim::call(prim::Prim::Times, x, num(2)); // a name would hold it so
    Value total = *prim::reduce(prim::Prim::Plus, prim::call(prim::Prim::Plus, held, num(1)), false);
    double want = 0;
    for (int64_t i = 0; i < 3000; i++) want += 0.002 * static_cast<double>(i) + 1;
    EXPECT_NEAR(total.read().as_f64(), want, 1e-9 * want);
    EXPECT_EQ(program::counters().stages_run, 2u);
    EXPECT_EQ(program::counters().values_stored, 1u);
    // Its result was kept: reading it again runs nothing.
    uint64_t before = program::counters().graphs_read;
    EXPECT_DOUBLE_EQ(held.read().array_data().items_as<double>()[2999], 0.002 * 2999);
    EXPECT_EQ(program::counters().graphs_read, before);
}

TEST(Schedule, AFoldOverBlocksKeepsRightToLeftOrder) {
    program::clear_cache();
    const int64_t n = 5000; // -/ is not associative: x0-(x1-(x2-...))
    Value x = ramp(n);
    Value total = *prim::reduce(prim::Prim::Minus, prim::call(prim::Prim::Times, x, num(3)), false);
    double want = 3 * 0.001 * static_cast<double>(n - 1);
    for (int64_t i = n - 2; i >= 0; i--) want = 3 * 0.001 * static_cast<double>(i) - want;
    EXPECT_NEAR(total.read().as_f64(), want, 1e-9);
}

TEST(Cache, OneStructureAtAThousandLengthsIsOnePlanAndRefills) {
    program::clear_cache();
    program::reset_counters();
    for (int64_t n = 2; n < 1002; n++) {
        Value r = sum_scaled(static_cast<double>(n), 2);
        ASSERT_DOUBLE_EQ(r.read().as_f64(), static_cast<double>(n * (n - 1))); // 2×n(n-1)/2
    }
    EXPECT_EQ(program::counters().plans_made, 1u);
    EXPECT_EQ(program::counters().cache_hits, 999u);
    EXPECT_EQ(program::counters().refills, 999u);
}

TEST(Cache, ANewKindOrRankIsANewPlan) {
    program::clear_cache();
    program::reset_counters();
    EXPECT_DOUBLE_EQ(sum_scaled(10, 2).read().as_f64(), 90);
    EXPECT_DOUBLE_EQ(sum_scaled(10, 2.5).read().as_f64(), 112.5); // float, not integer
    Value shape = prim::call(prim::Prim::Plus, prim::call(prim::Prim::Iota, num(2)), num(2)); // 2 3
    Value m = prim::call(prim::Prim::Rho, shape, prim::call(prim::Prim::Iota, num(6)));
    Value r = prim::call(prim::Prim::Times, m, num(2)); // rank 2
    EXPECT_EQ(r.read().array_data().items_as<int64_t>()[5], 10);
    EXPECT_GE(program::counters().plans_made, 3u);
    EXPECT_EQ(program::counters().refills, 0u);
}

// The structure key: (⍳n)×2 then +/ at two lengths has one key, its lengths apart; × for +
// or an atom for a vector is another key. The stored hash is the words' hash.
TEST(Cache, TheKeyKeepsStructureAndLeavesLengthsBeside) {
    auto key_for = [](const Value& v) {
        graph::Live live = graph::Live::of(static_cast<graph::Node&>(v.pending_node()));
        program::Key k;
        program::key_of(live, k);
        EXPECT_EQ(k.hash, program::key_hash(k.words));
        return k;
    };
    Value a = sum_scaled(10, 2), b = sum_scaled(20, 2);
    program::Key ka = key_for(a), kb = key_for(b);
    EXPECT_EQ(ka.words, kb.words);
    EXPECT_NE(ka.lengths, kb.lengths);
    EXPECT_EQ(std::count(ka.lengths.begin(), ka.lengths.end(), 10), 3); // ⍳'s count, two shapes
    Value x = prim::call(prim::Prim::Iota, num(10));
    program::Key plus = key_for(prim::call(prim::Prim::Plus, x, num(2)));
    program::Key times = key_for(prim::call(prim::Prim::Times, x, num(2)));
    program::Key by_vector = key_for(prim::call(prim::Prim::Times, x, x));
    EXPECT_NE(plus.words, times.words);
    EXPECT_NE(times.words, by_vector.words);
    EXPECT_EQ(program::key_hash(plus.words), plus.hash);
}

TEST(Memory, AStagePastTheLimitIsALimitErrorAndLosesNothing) {
    program::clear_cache();
    int64_t limit = program::memory_limit();
    Value x = ramp(1 << 18); // 2 MiB
    Value y = prim::call(prim::Prim::Times, x, num(2));
    program::set_memory_limit(1 << 20);
    try {
        (void)y.read();
        ADD_FAILURE() << "expected LIMIT ERROR";
    } catch (const base::Error& e) {
        EXPECT_EQ(e.kind(), base::ErrorKind::Limit);
    }
    program::set_memory_limit(limit);
    EXPECT_DOUBLE_EQ(y.read().array_data().items_as<double>()[10], 0.02); // still pending, readable
}

TEST(Threads, OneAndTwoThreadsAgreeOnFusedWork) {
    program::clear_cache();
    const int64_t n = 1 << 20; // 1024 blocks: two parts on two threads
    auto workloads = [&]() {
        Value x = ramp(n);
        Value e = prim::call(prim::Prim::Plus, num(3),
                             prim::call(prim::Prim::Times, num(2),
                                        prim::call(prim::Prim::Star,
                                                   prim::call(prim::Prim::Minus,
                                                              prim::call(prim::Prim::Times, x, x)))));
        Value sum = *prim::reduce(prim::Prim::Plus, e, false);
        Value alt = *prim::reduce(prim::Prim::Minus, prim::call(prim::Prim::Times, x, num(3)), false);
        Value max = *prim::reduce(prim::Prim::Ceiling, prim::call(prim::Prim::Minus, x), false);
        Value map = prim::call(prim::Prim::Times, prim::call(prim::Prim::Plus, x, num(1)), x);
        std::vector<double> r = {sum.read().as_f64(), alt.read().as_f64(), max.read().as_f64()};
        const double* m = map.read().array_data().items_as<double>();
        r.push_back(m[0]);
        r.push_back(m[n / 2 + 7]);
        r.push_back(m[n - 1]);
        return r;
    };
    int before = program::threads();
    program::set_threads(1);
    std::vector<double> one = workloads();
    program::set_threads(2);
    std::vector<double> two = workloads();
    program::set_threads(before);
    for (size_t i = 0; i < one.size(); i++)
        EXPECT_NEAR(one[i], two[i], 4 * std::numeric_limits<double>::epsilon() * std::abs(one[i]) * 64)
            << "workload " << i;
    EXPECT_EQ(one[1], two[1]); // a fold that is not associative never splits
}

TEST(Rules, MinusOnePlusExpIsExpm1AndAGuardKeepsOtherConstantsRight) {
    program::clear_cache();
    program::reset_counters();
    auto a = value::ArrayData::compact(number::Kind::F64, {4});
    for (int i = 0; i < 4; i++) a->items_as<double>()[i] = 1e-10 * (i + 1);
    Value x = Value::array(a);
    auto shifted_exp = [&](double c) {
        return prim::call(prim::Prim::Plus, num(c), prim::call(prim::Prim::Star, x));
    };
    Value r = shifted_exp(-1).read();
    for (int i = 0; i < 4; i++) // exp(x)-1 in float64 would be off by about 1e-7 relative
        EXPECT_DOUBLE_EQ(r.array_data().items_as<double>()[i], std::expm1(1e-10 * (i + 1)));
    Value s = shifted_exp(-2).read(); // same structure, another constant: not expm1
    for (int i = 0; i < 4; i++)
        EXPECT_DOUBLE_EQ(s.array_data().items_as<double>()[i], std::exp(1e-10 * (i + 1)) - 2);
    EXPECT_EQ(program::counters().plans_made, 2u);
}

// ((0.5×x×x)+(1.5×x)+2)÷1+x×x: x×x read by two steps, x by three, in one stage whose steps
// share block buffers by their last reads; every item against the formula.
TEST(Schedule, AStageWithSharedOperandsReusesItsBlockBuffersAndStaysRight) {
    program::clear_cache();
    program::reset_counters();
    const int64_t n = 5000; // several blocks and a partial one
    Value x = ramp(n);
    Value xx = prim::call(prim::Prim::Times, x, x);
    Value top = prim::call(prim::Prim::Plus, prim::call(prim::Prim::Times, num(0.5), xx),
                           prim::call(prim::Prim::Plus, prim::call(prim::Prim::Times, num(1.5), x), num(2)));
    Value r = prim::call(prim::Prim::Divide, top, prim::call(prim::Prim::Plus, num(1), xx));
    xx = Value();
    top = Value();
    const double* got = r.read().array_data().items_as<double>();
    EXPECT_EQ(program::counters().stages_run, 1u);
    EXPECT_EQ(program::counters().values_stored, 0u);
    for (int64_t i = 0; i < n; i++) {
        double v = 0.001 * static_cast<double>(i);
        ASSERT_DOUBLE_EQ(got[i], ((0.5 * v * v) + (1.5 * v + 2)) / (1 + v * v)) << "item " << i;
    }
}

// ¿n⍴6: the roll reads the broadcast's one bound with stride 0 (a rule), so the broadcast is never
// stored and the read is one stage; every draw still sees the bound 6.
TEST(Rules, ARollOfABroadcastReadsItsOneBoundAndStoresNothing) {
    program::clear_cache();
    program::reset_counters();
    const int64_t n = 3000;
    Value shape = prim::call(prim::Prim::Rho, num(static_cast<double>(n)), num(6));
    Value r = prim::call(prim::Prim::Roll, shape);
    shape = Value();
    Value got = r.read();
    EXPECT_EQ(program::counters().stages_run, 1u);
    EXPECT_EQ(program::counters().values_stored, 0u);
    ASSERT_EQ(got.count(), n);
    int seen[6] = {};
    for (int64_t i = 0; i < n; i++) {
        Value item = got.array_data().item(i);
        double v = item.as_f64();
        ASSERT_TRUE(v >= 0 && v < 6 && v == std::floor(v)) << "item " << i << ": " << v;
        seen[static_cast<int>(v)]++;
    }
    for (int face = 0; face < 6; face++) EXPECT_GT(seen[face], 0) << "face " << face; // odds 6×(5/6)^3000
}

namespace {
// (0 1↓m) f (0 ¯1↓m), read: each drop's blocks are runs of m. One stage, nothing stored.
Value adjacent_columns(prim::Prim f, const Value& m) {
    auto pair = [](int64_t x, int64_t y) { return value::make_array({2}, {Value::integer(x), Value::integer(y)}); };
    program::reset_counters();
    Value r = prim::call(f, prim::call(prim::Prim::Drop, pair(0, 1), m), prim::call(prim::Prim::Drop, pair(0, -1), m));
    Value got = r.read();
    EXPECT_EQ(program::counters().stages_run, 1u);
    EXPECT_EQ(program::counters().values_stored, 0u);
    return got;
}
} // namespace

// Over float64 matrices: blocks follow the rows, 299 items (one block a row) or 1025 (three
// about equal blocks a row, not two full ones and one item); every item against the formula.
TEST(Schedule, WindowsOfAStoredMatrixAreReadInPlaceByRows) {
    for (int64_t cols : {300, 1026}) {
        program::clear_cache();
        const int64_t rows = 60;
        auto a = value::ArrayData::compact(number::Kind::F64, {rows, cols});
        for (int64_t i = 0; i < rows * cols; i++)
            a->items_as<double>()[i] = 0.5 * static_cast<double>(i % 977) + static_cast<double>(i / 977);
        Value got = adjacent_columns(prim::Prim::Plus, Value::array(a));
        ASSERT_EQ(got.array_data().shape(), (value::Shape{rows, cols - 1}));
        const double* g = got.array_data().items_as<double>();
        const double* x = a->items_as<double>();
        for (int64_t i = 0; i < rows; i++)
            for (int64_t j = 0; j + 1 < cols; j++)
                ASSERT_EQ(g[i * (cols - 1) + j], x[i * cols + j + 1] + x[i * cols + j]) << i << " " << j;
    }
}

// Over float32: blocks of 1024 items (a block holds BLOCK_BYTES of its widest items), two
// segments to each 1499-item row; small integers, so the float32 products are exact.
TEST(Schedule, Float32WindowsRunInWiderBlocksAndStayRight) {
    program::clear_cache();
    const int64_t rows = 30, cols = 1500;
    auto a = value::ArrayData::compact(number::Kind::F32, {rows, cols});
    for (int64_t i = 0; i < rows * cols; i++) a->items_as<float>()[i] = static_cast<float>(i % 1013);
    Value got = adjacent_columns(prim::Prim::Times, Value::array(a));
    ASSERT_EQ(got.kind(), number::Kind::F32);
    const float* g = got.array_data().items_as<float>();
    for (int64_t i = 0; i < rows; i++)
        for (int64_t j = 0; j + 1 < cols; j++) {
            double want = static_cast<double>((i * cols + j + 1) % 1013) * static_cast<double>((i * cols + j) % 1013);
            ASSERT_EQ(static_cast<double>(g[i * (cols - 1) + j]), want) << i << " " << j;
        }
}

// (+/x×x)+⌈/x×x: x×x is read by two fold stages; it is cheap, so each stage computes it again
// (recomputed) and it is never stored. Stored: only the two totals the atom sum reads.
TEST(Schedule, ACheapValueReadBySeveralStagesIsRecomputedInEachNotStored) {
    program::clear_cache();
    program::reset_counters();
    program::set_reporting(true);
    const int64_t n = 10000; // several blocks and a partial one
    Value x = ramp(n);
    Value xx = prim::call(prim::Prim::Times, x, x);
    Value r = prim::call(prim::Prim::Plus, *prim::reduce(prim::Prim::Plus, xx, false),
                         *prim::reduce(prim::Prim::Ceiling, xx, false));
    xx = Value();
    double got = r.read().as_f64();
    std::string report = program::take_report();
    program::set_reporting(false);
    double sum = 0, max = 0;
    for (int64_t i = 0; i < n; i++) {
        double v = 0.001 * static_cast<double>(i);
        sum += v * v;
        max = std::max(max, v * v);
    }
    EXPECT_NEAR(got, sum + max, 1e-12 * (sum + max));
    EXPECT_EQ(program::counters().stages_run, 3u);  // two folds (each with x×x), the sum
    EXPECT_EQ(program::counters().steps_run, 5u);   // x×x twice
    EXPECT_EQ(program::counters().values_stored, 2u); // the two totals, not x×x
    EXPECT_NE(report.find("recomputed: Map Multiply → F64 [10000]: in 2 stages"), std::string::npos) << report;
    EXPECT_EQ(report.find("stored: Map Multiply"), std::string::npos) << report;
}

// A cheap chain below the shared value is recomputed with it: (+/y)+⌈/y for y←1+2×-x runs
// the three steps in both stages. A costly step (*x) read so is stored once instead.
TEST(Schedule, ACheapChainIsRecomputedAndACostlyValueIsStored) {
    program::clear_cache();
    const int64_t n = 3000;
    Value x = ramp(n);
    auto both = [&](Value y) { // y is not held when the sum is read
        program::reset_counters();
        Value r = prim::call(prim::Prim::Plus, *prim::reduce(prim::Prim::Plus, y, false),
                             *prim::reduce(prim::Prim::Ceiling, y, false));
        y = Value();
        return r.read().as_f64();
    };
    Value y = prim::call(prim::Prim::Minus, x); // one statement a step: no temporary holds a node
    y = prim::call(prim::Prim::Times, num(2), y);
    y = prim::call(prim::Prim::Plus, num(1), y);
    double got = both(std::move(y));
    double sum = 0, max = -1e300;
    for (int64_t i = 0; i < n; i++) {
        double v = 1 + 2 * -(0.001 * static_cast<double>(i));
        sum += v;
        max = std::max(max, v);
    }
    EXPECT_NEAR(got, sum + max, 1e-12 * std::abs(sum + max));
    EXPECT_EQ(program::counters().stages_run, 3u);
    EXPECT_EQ(program::counters().steps_run, 9u); // - × + in each fold's stage, the folds, the sum
    EXPECT_EQ(program::counters().values_stored, 2u);

    got = both(prim::call(prim::Prim::Star, x));
    sum = 0, max = 0;
    for (int64_t i = 0; i < n; i++) {
        double v = std::exp(0.001 * static_cast<double>(i));
        sum += v;
        max = std::max(max, v);
    }
    EXPECT_NEAR(got, sum + max, 1e-12 * (sum + max));
    EXPECT_EQ(program::counters().stages_run, 4u); // *x stored, read by both folds
    EXPECT_EQ(program::counters().values_stored, 3u);
}

// ⍟1+x → log1p x, and ⍟x+1: exact near 0, where ln(1+x) in float64 loses the digits of x.
TEST(Rules, LnOfOnePlusIsLog1pAndAGuardKeepsOtherConstantsRight) {
    // static kinds: ⍟ decides its kind from descriptions, so it does not read 1+x at the call
    prim::Kinds before = prim::kinds();
    prim::set_kinds(prim::Kinds::Static);
    program::clear_cache();
    program::reset_counters();
    auto a = value::ArrayData::compact(number::Kind::F64, {4});
    for (int i = 0; i < 4; i++) a->items_as<double>()[i] = 1e-12 * (i + 1);
    Value x = Value::array(a);
    Value r = prim::call(prim::Prim::Log, prim::call(prim::Prim::Plus, num(1), x)).read();
    Value s = prim::call(prim::Prim::Log, prim::call(prim::Prim::Plus, x, num(1))).read();
    for (int i = 0; i < 4; i++) {
        EXPECT_DOUBLE_EQ(r.array_data().items_as<double>()[i], std::log1p(1e-12 * (i + 1)));
        EXPECT_DOUBLE_EQ(s.array_data().items_as<double>()[i], std::log1p(1e-12 * (i + 1)));
    }
    Value t = prim::call(prim::Prim::Log, prim::call(prim::Prim::Plus, num(2), x)).read(); // not log1p
    for (int i = 0; i < 4; i++) EXPECT_DOUBLE_EQ(t.array_data().items_as<double>()[i], std::log(2 + 1e-12 * (i + 1)));
    prim::set_kinds(before);
}

// (+/1↓x)+⌈/1↓x: the drop is a read of x, so each fold's stage reads x through it again rather
// than one storing the n-1 items.
TEST(Schedule, ARearrangementReadBySeveralStagesIsReadAgainNotStored) {
    program::clear_cache();
    program::reset_counters();
    const int64_t n = 5000;
    Value x = ramp(n);
    Value d = prim::call(prim::Prim::Drop, Value::integer(1), x);
    Value r = prim::call(prim::Prim::Plus, *prim::reduce(prim::Prim::Plus, d, false),
                         *prim::reduce(prim::Prim::Ceiling, d, false));
    d = Value();
    double got = r.read().as_f64();
    double sum = 0, max = 0;
    for (int64_t i = 1; i < n; i++) {
        sum += 0.001 * static_cast<double>(i);
        max = std::max(max, 0.001 * static_cast<double>(i));
    }
    EXPECT_NEAR(got, sum + max, 1e-12 * (sum + max));
    EXPECT_EQ(program::counters().stages_run, 3u);
    EXPECT_EQ(program::counters().values_stored, 2u); // the two totals
}

// ((a×a)+1)÷a−0.5 of an atom a, then Int 1+2 converted for +0.5: each chain of atom steps is one
// stage whose items live in cells; nothing partway is stored, and the items are the ones C++
// computes (the oracle).
TEST(Schedule, AChainOfAtomStepsIsOneStageOfCells) {
    program::clear_cache();
    program::reset_counters();
    program::set_reporting(true);
    Value a = Value::real(2.5, number::Kind::F64, false);
    Value sq = prim::call(prim::Prim::Times, a, a);
    Value top = prim::call(prim::Prim::Plus, sq, num(1));
    Value r = prim::call(prim::Prim::Divide, top, prim::call(prim::Prim::Minus, a, num(0.5)));
    sq = Value();
    top = Value();
    EXPECT_EQ(r.read().as_f64(), (2.5 * 2.5 + 1) / (2.5 - 0.5));
    EXPECT_EQ(program::counters().stages_run, 1u);
    EXPECT_EQ(program::counters().steps_run, 4u);
    EXPECT_EQ(program::counters().values_stored, 0u);
    std::string report = program::take_report();
    EXPECT_NE(report.find("stage 1 (atoms): Map Multiply, Map Add, Map Subtract, Map Divide"), std::string::npos)
        << report;

    program::reset_counters();
    Value i = prim::call(prim::Prim::Plus, Value::integer(1), Value::integer(2)); // Int
    Value f = prim::call(prim::Prim::Plus, i, num(0.5));                        // converted, then F64
    i = Value();
    Value got = f.read();
    EXPECT_EQ(got.kind(), number::Kind::F64);
    EXPECT_EQ(got.as_f64(), 3.5);
    EXPECT_EQ(program::counters().stages_run, 1u);
    EXPECT_EQ(program::counters().steps_run, 3u); // Add, Convert, Add
    report = program::take_report();
    program::set_reporting(false);
    EXPECT_NE(report.find("(atoms): Map Add, Convert, Map Add"), std::string::npos) << report;
}

// An atom step held by a name is stored (it ends a stage, its node takes its result); a chain
// longer than a stage of cells holds is cut into stages of at most ATOM_STAGE_STEPS.
TEST(Schedule, AHeldAtomAndALongChainEndAtomStages) {
    program::clear_cache();
    program::reset_counters();
    Value held = prim::call(prim::Prim::Times, num(3), num(4));
    Value r = prim::call(prim::Prim::Minus, prim::call(prim::Prim::Plus, held, num(1)), num(20));
    EXPECT_EQ(r.read().as_f64(), 3.0 * 4 + 1 - 20);
    EXPECT_EQ(program::counters().stages_run, 2u);
    EXPECT_EQ(program::counters().values_stored, 1u);
    auto& node = static_cast<graph::Node&>(held.pending_node());
    ASSERT_TRUE(node.is_forced());
    EXPECT_EQ(node.result().as_f64(), 12.0);

    program::reset_counters();
    const int steps = 150;
    Value x = num(0.25);
    for (int k = 0; k < steps; k++) x = prim::call(prim::Prim::Plus, x, num(1));
    EXPECT_EQ(x.read().as_f64(), 0.25 + steps);
    EXPECT_EQ(program::counters().steps_run, static_cast<uint64_t>(steps));
    EXPECT_EQ(program::counters().stages_run, (steps + program::ATOM_STAGE_STEPS - 1) / program::ATOM_STAGE_STEPS);
    EXPECT_EQ(program::counters().values_stored, program::counters().stages_run - 1); // each stage's root
}

// A read replaces the nodes nothing else holds by nothing: they leave the intern table at once
// and die with the root, operands first, while held nodes keep their results.
TEST(Schedule, ARetiredChainLeavesTheTableAndHeldNodesKeepResults) {
    program::clear_cache();
    size_t before = graph::interned_count();
    Value v = prim::call(prim::Prim::Iota, num(6));
    Value w = prim::call(prim::Prim::Times, v, num(2)); // held by w
    Value r = prim::call(prim::Prim::Plus, prim::call(prim::Prim::Minus, w, num(1)), num(3));
    EXPECT_EQ(graph::interned_count(), before + 4);
    Value got = r.read();
    EXPECT_EQ(graph::interned_count(), before);
    for (int64_t k = 0; k < 6; k++) EXPECT_EQ(got.array_data().items_as<int64_t>()[k], 2 * k - 1 + 3);
    auto& wn = static_cast<graph::Node&>(w.pending_node());
    ASSERT_TRUE(wn.is_forced());
    EXPECT_EQ(wn.result().array_data().items_as<int64_t>()[5], 10);
    // a new call on w reads its stored result
    EXPECT_EQ(prim::call(prim::Prim::Plus, w, num(1)).read().array_data().items_as<int64_t>()[0], 1);
}
