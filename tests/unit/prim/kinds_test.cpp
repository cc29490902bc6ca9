// Ranges in descriptions and the kinds modes through dispatch: the row factory derives a step's
// range (atoms, ⍳, Map through its object's rule, Convert, integer bounds); under dynamic kinds
// √ ⍟ * read their operands only when the ranges do not prove the result real, and report such
// a read as forced; under static kinds they never read and give NaN outside the real domain;
// the marked real forms never read. Values are checked against hand-computed ones.
#include "prim/inverse.h"
#include "prim/marks.h"
#include "prim/mode.h"
#include "prim/prim.h"
#include "program/plan.h"
#include "value/array.h"
#include "value/pending.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace bpl;
using number::Kind;
using prim::Prim;
using value::Desc;
using value::Value;

namespace {

Value num(double x) { return Value::real(x, Kind::F64, true); }
Value iota(int64_t n) { return prim::call(Prim::Iota, Value::integer(n)); }
value::Range range(const Value& v) { return Desc::of(v).range; }
uint64_t reads() { return program::counters().graphs_read; }
std::vector<double> reals(const Value& v) {
    Value s = v.read();
    std::vector<double> out;
    if (!s.is_stored_array()) return {s.as_f64()};
    for (int64_t i = 0; i < s.count(); i++) out.push_back(s.array_data().item(i).as_f64());
    return out;
}

// Restores dynamic kinds after a test that sets static ones.
struct StaticKinds {
    StaticKinds() { prim::set_kinds(prim::Kinds::Static); }
    ~StaticKinds() { prim::set_kinds(prim::Kinds::Dynamic); }
};

} // namespace

TEST(Ranges, AtomsIotaMapsAndConversions) {
    EXPECT_EQ(range(num(2.5)).lo, 2.5);
    EXPECT_EQ(range(num(2.5)).hi, 2.5);
    EXPECT_FALSE(range(Value::real(std::nan(""), Kind::F64, true)).known());
    Value i = iota(10);
    EXPECT_EQ(range(i).lo, 0);
    EXPECT_EQ(range(i).hi, 9);
    // ⍳10 − 5 is ¯5…4; (⍳10)×(⍳10) is 0…81 (the rule hulls the corners)
    // (integer results: the rule's outward widening rounds out to the next integer, at most one)
    auto within = [](value::Range r, double lo, double hi) {
        EXPECT_LE(r.lo, lo);
        EXPECT_GE(r.lo, lo - 1);
        EXPECT_GE(r.hi, hi);
        EXPECT_LE(r.hi, hi + 1);
    };
    Value d = prim::call(Prim::Minus, i, num(5));
    within(range(d), -5, 4);
    Value sq = prim::call(Prim::Times, i, i);
    within(range(sq), 0, 81);
    // a float result keeps the rule's outward widening; comparisons are 0…1
    Value h = prim::call(Prim::Divide, i, num(0.5));
    EXPECT_EQ(h.kind(), Kind::F64);
    EXPECT_LE(range(h).lo, 0);
    EXPECT_GE(range(h).hi, 18);
    EXPECT_LT(range(h).hi, 18.001);
    // integer ÷ floors: the range is rounded outward (⍳10 ÷ 4 is 0…2)
    Value q = prim::call(Prim::Divide, i, num(4));
    EXPECT_EQ(q.kind(), Kind::Int);
    within(range(q), 0, 2);
    Value c = prim::call(Prim::Less, i, num(3));
    EXPECT_EQ(range(c).lo, 0);
    EXPECT_EQ(range(c).hi, 1);
    // Convert keeps the range
    Value f = prim::call(Prim::Plus, i, num(0.5));
    EXPECT_GE(range(f).hi, 9.5);
    // a rearrangement (one Copy) keeps its operand's range, with the fill where it pads
    Value rev = prim::call(Prim::Reverse, i);
    EXPECT_EQ(range(rev).lo, 0);
    EXPECT_EQ(range(rev).hi, 9);
    Value over = prim::call(Prim::Take, Value::integer(12), prim::call(Prim::Plus, i, num(1)));
    within(range(over), 0, 10);
    // an integer result that may wrap has its kind's bounds, never a narrower claim
    Value big = prim::call(Prim::Times, i, Value::integer(int64_t{1} << 61));
    EXPECT_LE(range(big).lo, -9.2e18);
    EXPECT_GE(range(big).hi, 9.2e18);
    // a stored array is opaque: Boolean 0…1, a float array unknown
    Value bools = value::make_array({2}, {Value::boolean(true), Value::boolean(false)});
    EXPECT_EQ(range(bools).hi, 1);
    EXPECT_FALSE(range(value::make_array({2}, {num(1), num(-1)})).known());
}

TEST(DynamicKinds, RangesSkipTheRead) {
    program::reset_counters();
    // √ and ⍟ of a range ≥ 0, x*y with x ≥ 0: no read at the call, the result stays pending
    Value i = iota(100);
    Value r = prim::call(Prim::Root, i);
    Value l = prim::call(Prim::Log, prim::call(Prim::Plus, i, num(1)));
    Value p = prim::call(Prim::Star, i, num(0.5));
    Value a = prim::inverse(Prim::Circle, Value::integer(1), prim::call(Prim::Divide, i, num(100)));
    EXPECT_EQ(reads(), 0u);
    EXPECT_TRUE(r.is_pending() && l.is_pending() && p.is_pending());
    EXPECT_EQ(r.kind(), Kind::F64);
    EXPECT_EQ(a.kind(), Kind::F64);
    EXPECT_EQ(reals(r)[81], 9);
    EXPECT_NEAR(reals(l)[0], 0, 0);
    EXPECT_NEAR(reals(p)[49], 7, 1e-15);
}

TEST(DynamicKinds, AnUnprovedKindReadsAndIsReportedForced) {
    Value d = prim::call(Prim::Minus, iota(10), num(5)); // ¯5…4: √ may be complex
    program::reset_counters();
    program::set_reporting(true);
    (void)program::take_report();
    Value r = prim::call(Prim::Root, d);
    EXPECT_EQ(reads(), 1u);
    EXPECT_EQ(r.kind(), Kind::C128);
    EXPECT_NE(program::take_report().find("forced: a kind that depends on values"), std::string::npos);
    program::set_reporting(false);
    // the read found only nonnegative items: the real kind
    Value e = prim::call(Prim::Minus, iota(10), num(0.5));
    Value q = prim::call(Prim::Root, prim::call(Prim::Stile, e));
    EXPECT_EQ(q.kind(), Kind::F64); // |x| is ≥ 0 by its rule: no read either
}

TEST(StaticKinds, NoReadAndNaNOutsideTheRealDomain) {
    StaticKinds mode;
    Value d = prim::call(Prim::Minus, iota(4), num(2)); // ¯2 ¯1 0 1
    program::reset_counters();
    Value r = prim::call(Prim::Root, d);
    Value l = prim::call(Prim::Log, d);
    Value p = prim::call(Prim::Star, d, num(0.5));
    Value s = prim::inverse(Prim::Circle, Value::integer(1), d);
    EXPECT_EQ(reads(), 0u);
    for (const Value* v : {&r, &l, &p, &s}) {
        EXPECT_TRUE(v->is_pending());
        EXPECT_EQ(v->kind(), Kind::F64);
    }
    std::vector<double> rv = reals(r), lv = reals(l), pv = reals(p), sv = reals(s);
    EXPECT_TRUE(std::isnan(rv[0]) && std::isnan(rv[1]));
    EXPECT_EQ(rv[2], 0);
    EXPECT_EQ(rv[3], 1);
    EXPECT_TRUE(std::isnan(lv[1]));
    EXPECT_EQ(lv[3], 0);
    EXPECT_TRUE(std::isnan(pv[0]));
    EXPECT_TRUE(std::isnan(sv[0])); // arcsin ¯2
    EXPECT_NEAR(sv[3], std::asin(1.0), 1e-15);
    // an integer power with a negative exponent stays integer (floors, like ÷)
    Value ip = prim::call(Prim::Star, Value::integer(2), Value::integer(-1));
    EXPECT_EQ(ip.kind(), Kind::Int);
}

TEST(StaticKinds, FloorCeilingAndDirectionKeepFloats) {
    StaticKinds mode;
    Value f = prim::call(Prim::Floor, prim::call(Prim::Minus, iota(3), num(0.5))); // ¯0.5 0.5 1.5
    EXPECT_EQ(f.kind(), Kind::F64);
    EXPECT_EQ(reals(f), (std::vector<double>{-1, 0, 1}));
    Value c = prim::call(Prim::Ceiling, Value::real(INFINITY, Kind::F64, false));
    EXPECT_EQ(c.kind(), Kind::F64);
    EXPECT_EQ(c.read().as_f64(), INFINITY); // a float keeps ∞ (dynamic kinds saturate to the largest integer)
    Value d = prim::call(Prim::Times, num(-2.5));
    EXPECT_EQ(d.kind(), Kind::F64);
    EXPECT_EQ(d.read().as_f64(), -1);
    // integers stay integers; ⌊ₓ gives machine integers in both modes
    EXPECT_EQ(prim::call(Prim::Floor, Value::integer(3)).kind(), Kind::Int);
    EXPECT_EQ(prim::integer_form(Prim::Floor, nullptr, num(2.5))->kind(), Kind::Int);
}

TEST(DynamicKinds, FloorOfAFloatIsAnInteger) {
    Value f = prim::call(Prim::Floor, num(2.5));
    EXPECT_EQ(f.kind(), Kind::Int);
    EXPECT_EQ(f.read().as_i64(), 2);
}

TEST(Modes, ParseAndEnvironmentNames) {
    EXPECT_EQ(prim::parse_kinds("static"), prim::Kinds::Static);
    EXPECT_EQ(prim::parse_kinds("dynamic"), prim::Kinds::Dynamic);
    EXPECT_FALSE(prim::parse_kinds("Static").has_value());
    EXPECT_EQ(prim::kinds(), prim::Kinds::Dynamic);
}

TEST(MarkedForms, RealFormsNeverRead) {
    Value d = prim::call(Prim::Minus, iota(5), num(2)); // ¯2 ¯1 0 1 2
    program::reset_counters();
    Value r = *prim::real_form(Prim::Root, false, nullptr, d);
    Value l = *prim::real_form(Prim::Log, false, nullptr, d);
    Value p = *prim::real_form(Prim::Star, false, &d, num(0.5));
    Value two = Value::integer(2);
    Value c = *prim::real_form(Prim::Circle, true, &two, d);
    EXPECT_EQ(reads(), 0u);
    EXPECT_EQ(r.kind(), Kind::F64);
    const double pi = 3.141592653589793;
    std::vector<double> rv = reals(r), lv = reals(l), pv = reals(p), cv = reals(c);
    EXPECT_EQ(rv, (std::vector<double>{0, 0, 0, 1, std::sqrt(2.0)}));
    EXPECT_NEAR(lv[0], std::log(2.0), 2e-16);
    EXPECT_EQ(lv[1], 0);
    EXPECT_EQ(pv[0], 0); // (¯2)*0.5 is 0j1.414…
    EXPECT_NEAR(pv[4], std::sqrt(2.0), 4e-16);
    EXPECT_NEAR(cv[0], pi, 4e-16);  // arccos ¯2 is π − 1.317…j
    EXPECT_EQ(cv[4], 0);            // arccos 2 is 0 + 1.317…j
    EXPECT_NEAR(cv[3], 0, 0);
    EXPECT_FALSE(prim::real_form(Prim::Plus, false, nullptr, d).has_value());
    // ⌊ₓ rounds to machine integers in either mode
    StaticKinds mode;
    Value f = *prim::integer_form(Prim::Floor, nullptr, num(2.5));
    EXPECT_EQ(f.kind(), Kind::Int);
}
