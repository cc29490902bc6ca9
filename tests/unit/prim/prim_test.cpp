// Primitive rows through dispatch: kinds (D1–D3), agreement, structural rows. Expected values
// are worked out from functions.md by hand.
#include "prim/prim.h"
#include "value/array.h"
#include "value/match.h"

#include <gtest/gtest.h>

using namespace bpl;
using number::Kind;
using prim::Prim;
using value::Value;

namespace {
Value num(double x) { return Value::real(x, Kind::F64, true); }
Value ints(std::vector<int64_t> xs, value::Shape shape = {}) {
    if (shape.empty()) shape = {static_cast<int64_t>(xs.size())};
    std::vector<Value> items;
    for (int64_t x : xs) items.push_back(Value::integer(x));
    return value::make_array(shape, items);
}
std::vector<double> items(const Value& v) {
    Value s = v.read();
    std::vector<double> out;
    if (!s.is_stored_array()) return {s.as_f64()};
    for (int64_t i = 0; i < s.count(); i++) out.push_back(s.array_data().item(i).as_f64());
    return out;
}
} // namespace

TEST(Prim, TableRowsAreFoundByGlyph) {
    EXPECT_EQ(prim::of_glyph(U'+'), Prim::Plus);
    EXPECT_EQ(prim::of_glyph(U'⍉'), Prim::Transpose);
    EXPECT_FALSE(prim::of_glyph(U'a').has_value());
    EXPECT_TRUE(prim::info(Prim::Plus).dyadic_fn.has_value());
    EXPECT_FALSE(prim::info(Prim::Rho).dyadic_fn.has_value());
}

TEST(Prim, WeakLiteralsTakeTheIntegerKind) {
    Value r = prim::call(Prim::Plus, Value::integer(3), num(1)); // 3ₓ+1 ⍝ 4ₓ
    EXPECT_EQ(r.kind(), Kind::Int);
    EXPECT_EQ(r.read().as_i64(), 4);
    Value f = prim::call(Prim::Plus, Value::integer(3), num(0.5)); // non-integral: float
    EXPECT_EQ(f.kind(), Kind::F64);
    EXPECT_DOUBLE_EQ(f.read().as_f64(), 3.5);
    Value w = prim::call(Prim::Plus, num(1), num(2));
    EXPECT_TRUE(w.weak());
}

TEST(Prim, BooleanArithmeticGivesIntegers) {
    Value r = prim::call(Prim::Plus, Value::boolean(true), Value::boolean(true));
    EXPECT_EQ(r.kind(), Kind::Int);
    EXPECT_EQ(r.read().as_i64(), 2);
}

TEST(Prim, IntegerDivisionFloors) {
    EXPECT_EQ(prim::call(Prim::Divide, Value::integer(7), Value::integer(2)).read().as_i64(), 3);
    EXPECT_EQ(prim::call(Prim::Divide, Value::integer(-7), Value::integer(2)).read().as_i64(), -4);
}

TEST(Prim, LeadingAxisAgreement) {
    // [1 2 3⋄4 5 6]+10 20 ⍝ [11 12 13⋄24 25 26]
    Value m = ints({1, 2, 3, 4, 5, 6}, {2, 3});
    Value r = prim::call(Prim::Plus, m, ints({10, 20}));
    EXPECT_EQ(r.shape(), (value::Shape{2, 3}));
    EXPECT_EQ(items(r), (std::vector<double>{11, 12, 13, 24, 25, 26}));
    EXPECT_THROW(prim::call(Prim::Plus, m, ints({1, 2, 3})), base::Error);
}

TEST(Prim, ContainersAreKept) {
    Value s = prim::call(Prim::Enclose, num(3));
    Value r = prim::call(Prim::Plus, s, num(4)); // (⊂3)+4 ⍝ ⊂7
    EXPECT_TRUE(value::match(r, value::enclose(num(7))));
}

TEST(Prim, StructuralRows) {
    Value six = prim::call(Prim::Iota, num(6));
    Value m = prim::call(Prim::Rho, ints({2, 3}), six);
    EXPECT_EQ(items(prim::call(Prim::Transpose, m)), (std::vector<double>{0, 3, 1, 4, 2, 5}));
    EXPECT_EQ(items(prim::call(Prim::Reverse, m)), (std::vector<double>{2, 1, 0, 5, 4, 3}));
    EXPECT_EQ(items(prim::call(Prim::Take, num(4), ints({1, 2}))), (std::vector<double>{1, 2, 0, 0}));
    EXPECT_EQ(items(prim::call(Prim::Take, num(-4), ints({1, 2}))), (std::vector<double>{0, 0, 1, 2}));
    EXPECT_EQ(items(prim::call(Prim::Drop, ints({1, -1}), m)), (std::vector<double>{3, 4}));
    EXPECT_EQ(items(prim::call(Prim::Comma, ints({1, 2}), ints({3, 4}))),
              (std::vector<double>{1, 2, 3, 4}));
    EXPECT_EQ(items(prim::call(Prim::Comma, m, num(9))),
              (std::vector<double>{0, 1, 2, 9, 3, 4, 5, 9}));
    EXPECT_EQ(items(prim::call(Prim::Reverse, num(1), m)), (std::vector<double>{1, 2, 0, 4, 5, 3}));
    EXPECT_EQ(prim::call(Prim::Tally, m).as_i64(), 2);
    EXPECT_EQ(items(prim::call(Prim::Rho, m)), (std::vector<double>{2, 3}));
    EXPECT_EQ(items(prim::call(Prim::Take, m)), (std::vector<double>{0, 1, 2}));
    EXPECT_EQ(prim::call(Prim::Disclose, ints({1, 1}), m).read().as_i64(), 4);
}

TEST(Prim, ReduceAndScan) {
    Value v = ints({1, 2, 3});
    EXPECT_EQ(prim::reduce(Prim::Plus, v, false)->read().as_i64(), 6);
    EXPECT_EQ(items(*prim::scan(Prim::Minus, v, false)), (std::vector<double>{1, -1, -4}));
    EXPECT_FALSE(prim::reduce(Prim::Equal, v, false).has_value()); // no fold in one kind
    Value empty = prim::call(Prim::Rho, num(0), num(1));
    EXPECT_DOUBLE_EQ(prim::reduce(Prim::Times, empty, false)->read().as_f64(), 1);
}

TEST(Prim, MajorCellRows) {
    Value twelve = prim::call(Prim::Iota, num(12));
    Value m = prim::call(Prim::Rho, ints({3, 4}), twelve);
    // 1 0 1#10 20 30 ⍝ 10 30
    EXPECT_EQ(items(prim::call(Prim::Hash, ints({1, 0, 1}), ints({10, 20, 30}))),
              (std::vector<double>{10, 30}));
    // 2 ¯1 1#"abc" ⍝ "aa c"
    Value abc = value::make_array({3}, {Value::character(U'a'), Value::character(U'b'),
                                        Value::character(U'c')});
    Value r = prim::call(Prim::Hash, ints({2, -1, 1}), abc).read();
    ASSERT_EQ(r.count(), 4);
    EXPECT_EQ(r.array_data().item(2).as_char(), U' ');
    // ⍪1 2 3 ⍝ 3 1⍴1 2 3
    EXPECT_EQ(prim::call(Prim::Table, ints({1, 2, 3})).shape(), (value::Shape{3, 1}));
    // 1⊖3 2⍴⍳6 ⍝ [2 3⋄4 5⋄0 1]
    Value m32 = prim::call(Prim::Rho, ints({3, 2}), prim::call(Prim::Iota, num(6)));
    EXPECT_EQ(items(prim::call(Prim::ReverseFirst, num(1), m32)),
              (std::vector<double>{2, 3, 4, 5, 0, 1}));
    // 1⌷3 4⍴⍳12 ⍝ 4 5 6 7 ; [1 2;0 3]⌷3 4⍴⍳12 ⍝ [4 7⋄8 11]
    EXPECT_EQ(items(prim::call(Prim::Squad, num(1), m)), (std::vector<double>{4, 5, 6, 7}));
    Value sel = value::make_array({2}, {ints({1, 2}), ints({0, 3})});
    Value q = prim::call(Prim::Squad, sel, m);
    EXPECT_EQ(q.shape(), (value::Shape{2, 2}));
    EXPECT_EQ(items(q), (std::vector<double>{4, 7, 8, 11}));
    EXPECT_THROW(prim::call(Prim::Squad, num(3), m), base::Error);
    // ∊[[1 2] 3 [4 5]] ⍝ 1 2 3 4 5 ; 1 2⍪3 4 ⍝ [1 2⋄3 4]... catenate first of vectors: 1 2 3 4
    Value nested = value::make_array({3}, {ints({1, 2}), Value::integer(3), ints({4, 5})});
    EXPECT_EQ(items(prim::call(Prim::Epsilon, nested)), (std::vector<double>{1, 2, 3, 4, 5}));
    Value mm = prim::call(Prim::Table, m32, ints({9, 9}));
    EXPECT_EQ(mm.shape(), (value::Shape{4, 2}));
}

namespace {
Value text(const std::u32string& s) {
    std::vector<Value> items;
    for (char32_t c : s) items.push_back(Value::character(c));
    return value::make_array({static_cast<int64_t>(s.size())}, items);
}
std::u32string chars(const Value& v) {
    Value s = v.read();
    std::u32string out;
    for (int64_t i = 0; i < s.count(); i++) out.push_back(s.array_data().item(i).as_char());
    return out;
}
} // namespace

TEST(Prim, SearchRows) {
    // "abc"⍳"cabz" ⍝ [2 0 1 3]ₓ
    Value r = prim::call(Prim::Iota, text(U"abc"), text(U"cabz"));
    EXPECT_EQ(r.kind(), Kind::Int);
    EXPECT_EQ(items(r), (std::vector<double>{2, 0, 1, 3}));
    // [10 20⋄30 40⋄50 60]⍳[30 40⋄10 20] ⍝ [1 0]ₓ
    Value t = ints({10, 20, 30, 40, 50, 60}, {3, 2});
    EXPECT_EQ(items(prim::call(Prim::Iota, t, ints({30, 40, 10, 20}, {2, 2}))),
              (std::vector<double>{1, 0}));
    EXPECT_THROW(prim::call(Prim::Iota, num(1), num(1)), base::Error); // RANK
    // 1 2 3∊2 4 ⍝ $f $t $f
    Value m = prim::call(Prim::Epsilon, ints({1, 2, 3}), ints({2, 4}));
    EXPECT_EQ(m.kind(), Kind::Bool);
    EXPECT_EQ(items(m), (std::vector<double>{0, 1, 0}));
    // "cat" "dog"⍳⊂"dog" ⍝ 1ₓ (boxed: the host route)
    Value words = value::make_array({2}, {text(U"cat"), text(U"dog")});
    EXPECT_EQ(prim::call(Prim::Iota, words, value::enclose(text(U"dog"))).read().as_i64(), 1);
    // ≠[1 1+8E¯15 1+16E¯15] ⍝ $t $f $f (items: the tolerance chains through earlier duplicates)
    Value close = value::make_array(
        {3}, {num(1), Value::real(1 + 8e-15, Kind::F64, true), Value::real(1 + 16e-15, Kind::F64, true)});
    EXPECT_EQ(items(prim::call(Prim::NotEqual, close)), (std::vector<double>{1, 0, 0}));
    // ≠[1 2⋄1+8E¯15 2⋄1+16E¯15 2] ⍝ $t $f $t (rows: only earlier distinct rows count)
    Value rows = value::make_array(
        {3, 2}, {num(1), num(2), Value::real(1 + 8e-15, Kind::F64, true), num(2),
                 Value::real(1 + 16e-15, Kind::F64, true), num(2)});
    EXPECT_EQ(items(prim::call(Prim::NotEqual, rows)), (std::vector<double>{1, 0, 1}));
}

TEST(Prim, SortAndSetRows) {
    EXPECT_EQ(items(prim::call(Prim::GradeUp, ints({30, 10, 20}))), (std::vector<double>{1, 2, 0}));
    EXPECT_EQ(items(prim::call(Prim::GradeDown, ints({2, 1, 2, 1}))),
              (std::vector<double>{0, 2, 1, 3}));
    EXPECT_EQ(items(prim::call(Prim::Union, ints({3, 1, 3, 2, 1}))), (std::vector<double>{3, 1, 2}));
    EXPECT_EQ(items(prim::call(Prim::Tilde, ints({1, 2, 1, 3}), ints({2, 4}))),
              (std::vector<double>{1, 1, 3}));
    Value u = prim::call(Prim::Union, ints({1, 2, 3, 4}, {2, 2}), ints({3, 4, 5, 6}, {2, 2}));
    EXPECT_EQ(u.shape(), (value::Shape{3, 2}));
    EXPECT_EQ(items(u), (std::vector<double>{1, 2, 3, 4, 5, 6}));
    EXPECT_EQ(chars(prim::call(Prim::Less, text(U"banana"))), U"aaabnn");
    Value words = value::make_array({3}, {text(U"b"), text(U"a"), text(U"c")});
    Value sorted = prim::call(Prim::Greater, words).read();
    EXPECT_EQ(chars(sorted.array_data().item(0)), U"c");
}

TEST(Prim, ReorderAxes) {
    Value m = prim::call(Prim::Rho, ints({2, 3}), prim::call(Prim::Iota, num(6)));
    // 1 0⍉ is ⍉ for a matrix
    EXPECT_EQ(items(prim::call(Prim::Transpose, ints({1, 0}), m)), items(prim::call(Prim::Transpose, m)));
    // ⍴1⍉2 3 4⍴⍳24 ⍝ [3 2 4]ₓ
    Value c = prim::call(Prim::Rho, ints({2, 3, 4}), prim::call(Prim::Iota, num(24)));
    EXPECT_EQ(prim::call(Prim::Transpose, num(1), c).shape(), (value::Shape{3, 2, 4}));
    // 0 0⍉3 3⍴⍳9 ⍝ 0 4 8 ; 0 0⍉[1 2 3⋄4 5 6] ⍝ 1 5
    Value sq = prim::call(Prim::Rho, ints({3, 3}), prim::call(Prim::Iota, num(9)));
    EXPECT_EQ(items(prim::call(Prim::Transpose, ints({0, 0}), sq)), (std::vector<double>{0, 4, 8}));
    EXPECT_EQ(items(prim::call(Prim::Transpose, ints({0, 0}), ints({1, 2, 3, 4, 5, 6}, {2, 3}))),
              (std::vector<double>{1, 5}));
    // 3⍉0 1 ⍝ error: RANK
    EXPECT_THROW(prim::call(Prim::Transpose, num(3), ints({0, 1})), base::Error);
}

TEST(Prim, DecodeAndEncodeExpandToOrdinaryCalls) {
    // ⊥1 0 1 0 ⍝ 10 ; 3⊥2 4 5 ⍝ 35 ; 2⊥[1 0 1⋄0 1 1] ⍝ 5 3
    EXPECT_EQ(items(prim::call(Prim::Decode, ints({1, 0, 1, 0}))), (std::vector<double>{10}));
    EXPECT_EQ(items(prim::call(Prim::Decode, num(3), ints({2, 4, 5}))), (std::vector<double>{35}));
    EXPECT_EQ(items(prim::call(Prim::Decode, num(2), ints({1, 0, 1, 0, 1, 1}, {2, 3}))),
              (std::vector<double>{5, 3}));
    EXPECT_THROW(prim::call(Prim::Decode, ints({2, 3}), ints({1, 2, 3})), base::Error); // LENGTH
    // ⊤5 ⍝ 1 0 1 ; 16 16⊤¯5 ⍝ 15 11 ; [0 60 60]⊤3661 ⍝ 1 1 1
    EXPECT_EQ(items(prim::call(Prim::Encode, Value::integer(5))), (std::vector<double>{1, 0, 1}));
    EXPECT_EQ(items(prim::call(Prim::Encode, ints({16, 16}), Value::integer(-5))),
              (std::vector<double>{15, 11}));
    EXPECT_EQ(items(prim::call(Prim::Encode, ints({0, 60, 60}), Value::integer(3661))),
              (std::vector<double>{1, 1, 1}));
    EXPECT_THROW(prim::call(Prim::Encode, Value::integer(-1)), base::Error); // DOMAIN
}

TEST(Prim, WhereIntervalPartitionWindows) {
    // ⍸0 2 0 1 ⍝ [1 1 3]ₓ ; 10 20 30⍸5 10 25 40 ⍝ [0 1 2 3]ₓ
    EXPECT_EQ(items(prim::call(Prim::Where, ints({0, 2, 0, 1}))), (std::vector<double>{1, 1, 3}));
    EXPECT_EQ(items(prim::call(Prim::Where, ints({10, 20, 30}), ints({5, 10, 25, 40}))),
              (std::vector<double>{0, 1, 2, 3}));
    EXPECT_THROW(prim::call(Prim::Where, Value::integer(-1)), base::Error);
    // ∩"mississippi" ⍝ "isp" ; "abcd"∩"bdf" ⍝ "bd"
    EXPECT_EQ(chars(prim::call(Prim::Intersect, text(U"mississippi"))), U"isp");
    EXPECT_EQ(chars(prim::call(Prim::Intersect, text(U"abcd"), text(U"bdf"))), U"bd");
    // 1 0 1 0⊂"abcd" ⍝ "ab" "cd" ; 3 2 2 1 0 1⊆"abcdef" ⍝ "abcd" "f"
    Value parts = prim::call(Prim::Enclose, ints({1, 0, 1, 0}), text(U"abcd")).read();
    ASSERT_EQ(parts.count(), 2);
    EXPECT_EQ(chars(parts.array_data().item(1)), U"cd");
    Value nested = prim::call(Prim::Nest, ints({3, 2, 2, 1, 0, 1}), text(U"abcdef")).read();
    ASSERT_EQ(nested.count(), 2);
    EXPECT_EQ(chars(nested.array_data().item(0)), U"abcd");
    EXPECT_EQ(chars(nested.array_data().item(1)), U"f");
    // ↕1 4 9 16 ⍝ [1 4⋄4 9⋄9 16] ; 0↕"ab" ⍝ 3 0⍴' '
    Value pairs = prim::call(Prim::Windows, ints({1, 4, 9, 16}));
    EXPECT_EQ(pairs.shape(), (value::Shape{3, 2}));
    EXPECT_EQ(items(pairs), (std::vector<double>{1, 4, 4, 9, 9, 16}));
    EXPECT_EQ(prim::call(Prim::Windows, num(0), text(U"ab")).shape(), (value::Shape{3, 0}));
}

TEST(Prim, ScalarGlyphsThroughMathObjects) {
    // ≥[1 2 3]ₓ ⍝ [2 3 4]ₓ ; ⊼[2 3]ₓ ⍝ [4 9]ₓ — kinds kept
    Value inc = prim::call(Prim::GreaterEqual, ints({1, 2, 3}));
    EXPECT_EQ(inc.kind(), Kind::Int);
    EXPECT_EQ(items(inc), (std::vector<double>{2, 3, 4}));
    EXPECT_EQ(items(prim::call(Prim::Nand, ints({2, 3}))), (std::vector<double>{4, 9}));
    EXPECT_EQ(items(prim::call(Prim::Nor, ints({2, 3}))), (std::vector<double>{4, 6}));
    EXPECT_EQ(items(prim::call(Prim::LessEqual, ints({1, 2}))), (std::vector<double>{0, 1}));
    // 2!5 ⍝ 10 ; 3!¯5 ⍝ ¯35 ; 1π2 ⍝ π÷2 ; 2○0 ⍝ 1 ; 13○1 ⍝ DOMAIN
    EXPECT_DOUBLE_EQ(prim::call(Prim::Bang, num(2), num(5)).read().as_f64(), 10);
    EXPECT_DOUBLE_EQ(prim::call(Prim::Bang, num(3), num(-5)).read().as_f64(), -35);
    EXPECT_NEAR(prim::call(Prim::Pi, num(1), num(2)).read().as_f64(), 1.5707963267948966, 1e-15);
    EXPECT_DOUBLE_EQ(prim::call(Prim::Circle, num(2), num(0)).read().as_f64(), 1);
    EXPECT_THROW(prim::call(Prim::Circle, num(13), num(1)), base::Error);
}

TEST(Prim, CatenationJoinsWeakLiteralsIntoIntegers) {
    // (⍳9),0 0 0 stays ₓ (D3); a non-integral literal makes floats
    Value r = prim::call(Prim::Comma, prim::call(Prim::Iota, num(3)),
                         value::make_array({2}, {num(0), num(0)}));
    EXPECT_EQ(r.kind(), Kind::Int);
    EXPECT_EQ(prim::call(Prim::Comma, prim::call(Prim::Iota, num(3)), num(0.5)).kind(), Kind::F64);
}

TEST(Prim, RotateByAnArrayOfCounts) {
    // 1 2⌽[1 2 3⋄4 5 6] ⍝ [2 3 1⋄6 4 5]
    EXPECT_EQ(items(prim::call(Prim::Reverse, ints({1, 2}), ints({1, 2, 3, 4, 5, 6}, {2, 3}))),
              (std::vector<double>{2, 3, 1, 6, 4, 5}));
    // 1 0⊖3 2⍴⍳6 rotates only the first column
    Value m = prim::call(Prim::Rho, ints({3, 2}), prim::call(Prim::Iota, num(6)));
    EXPECT_EQ(items(prim::call(Prim::ReverseFirst, ints({1, 0}), m)),
              (std::vector<double>{2, 1, 4, 3, 0, 5}));
    EXPECT_THROW(prim::call(Prim::Reverse, ints({1, 2}), m), base::Error); // LENGTH: 3 rows
}

TEST(Prim, EmptyReductionsGiveTheIdentity) {
    Value empty = prim::call(Prim::Rho, num(0), num(0));
    // </⍬ ⍝ $f ; =/⍬ ⍝ $t (Boolean identities, though the fold itself is not in one kind)
    Value lt = *prim::reduce(Prim::Less, empty, false);
    EXPECT_EQ(lt.kind(), Kind::Bool);
    EXPECT_EQ(lt.as_i64(), 0);
    EXPECT_EQ(prim::reduce(Prim::Equal, empty, false)->as_i64(), 1);
    // +/2 0⍴0 ⍝ 0 0
    Value m = prim::call(Prim::Rho, ints({2, 0}), num(0));
    EXPECT_EQ(items(*prim::reduce(Prim::Plus, m, false)), (std::vector<double>{0, 0}));
}

TEST(Prim, PrimeRowsBuildOneNodeAndReadOnlyLengths) {
    // ⍭ and K⍭ build a pending node: nothing runs until the read (one mode).
    Value p = prim::call(Prim::Prime, ints({0, 1, 2, 3}));
    EXPECT_TRUE(p.is_pending());
    EXPECT_EQ(items(p), (std::vector<double>{2, 3, 5, 7}));
    Value t = prim::call(Prim::Prime, num(1), ints({1, 2, 9}));
    EXPECT_TRUE(t.is_pending());
    EXPECT_EQ(t.kind(), Kind::Bool);
    EXPECT_EQ(items(t), (std::vector<double>{0, 1, 0}));
    // K≥0 fixes ⨸'s cell length, so K⨸N stays pending; ⨸N reads the lengths first.
    Value e = prim::call(Prim::Factor, num(3), ints({12, 7}));
    EXPECT_TRUE(e.is_pending());
    EXPECT_EQ(e.shape(), (value::Shape{2, 3}));
    EXPECT_EQ(items(e), (std::vector<double>{2, 1, 0, 0, 0, 0}));
    Value f = prim::call(Prim::Factor, ints({2, 12}));
    EXPECT_EQ(f.shape(), (value::Shape{2, 3}));
    EXPECT_EQ(items(f), (std::vector<double>{2, 0, 0, 2, 2, 3}));
}

TEST(Prim, PrimeRowsRaiseDataErrorsAtTheRead) {
    auto kind_of = [](auto f) {
        try {
            f().read();
        } catch (const base::Error& e) {
            return e.kind();
        }
        return base::ErrorKind::Internal;
    };
    EXPECT_EQ(kind_of([] { return prim::call(Prim::Prime, num(-1)); }), base::ErrorKind::Domain);
    EXPECT_EQ(kind_of([] { return prim::call(Prim::Prime, num(6), num(7)); }), base::ErrorKind::Domain);
    EXPECT_EQ(kind_of([] { return prim::call(Prim::Prime, num(1e12)); }), base::ErrorKind::Limit);
    EXPECT_EQ(kind_of([] { return prim::call(Prim::Factor, num(0)); }), base::ErrorKind::Domain);
    EXPECT_EQ(kind_of([] { return prim::call(Prim::Factor, num(1.5), num(4)); }), base::ErrorKind::Domain);
    EXPECT_EQ(kind_of([] { return prim::call(Prim::Factor, num(2e9), num(4)); }), base::ErrorKind::Limit);
}
