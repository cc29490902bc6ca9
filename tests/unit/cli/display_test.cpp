// Display (lang/display.h): plain-mode text of values built directly as ArrayData, per
// language.md §12 and the corpus's display cases (decisions.md D18).
#include "lang/display.h"
#include "value/array.h"
#include "value/function.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace {

using bpl::lang::display;
using bpl::lang::format_float;
using bpl::lang::source_form;
using bpl::value::Kind;
using bpl::value::make_array;
using bpl::value::Shape;
using bpl::value::Value;

Value f(double x) { return Value::real(x, Kind::F64, true); }
Value i(int64_t x) { return Value::integer(x); }
Value c(char32_t x) { return Value::character(x); }
Value str(const std::u32string& s) {
    std::vector<Value> items;
    for (char32_t ch : s) items.push_back(c(ch));
    return make_array({static_cast<int64_t>(s.size())}, items, c(U' '));
}
Value vec(std::vector<Value> items, Value proto = {}) {
    int64_t n = static_cast<int64_t>(items.size());
    return make_array({n}, std::move(items), std::move(proto));
}

TEST(Display, Floats) {
    EXPECT_EQ(format_float(1.0 / 3), "0.3333333333333333");
    EXPECT_EQ(format_float(12.34), "12.34");
    EXPECT_EQ(format_float(-2), "¯2");
    EXPECT_EQ(format_float(-0.0), "¯0");
    EXPECT_EQ(format_float(0), "0");
    EXPECT_EQ(format_float(1e-6), "0.000001");
    EXPECT_EQ(format_float(1e-7), "1ₑ¯7");
    EXPECT_EQ(format_float(1e16), "10000000000000000");
    EXPECT_EQ(format_float(1e17), "1ₑ17");
    EXPECT_EQ(format_float(-1.5e-100), "¯1.5ₑ¯100");
    EXPECT_EQ(format_float(INFINITY), "∞");
    EXPECT_EQ(format_float(-INFINITY), "¯∞");
    EXPECT_EQ(format_float(std::nan("")), "$n");
    EXPECT_EQ(format_float(0.001), "0.001");
    EXPECT_EQ(format_float(123456.5), "123456.5");
}

TEST(Display, Atoms) {
    EXPECT_EQ(display(i(3)), "3ₓ");
    EXPECT_EQ(display(i(-3)), "¯3ₓ");
    EXPECT_EQ(display(Value::integer(5, Kind::I8)), "5ₓ₁");
    EXPECT_EQ(display(Value::integer(5, Kind::I16)), "5ₓ₂");
    EXPECT_EQ(display(Value::integer(5, Kind::I32)), "5ₓ₄");
    EXPECT_EQ(display(Value::integer(5, Kind::I64)), "5ₓ₈");
    EXPECT_EQ(display(Value::real(2.5, Kind::F32)), "2.5ₛ");
    EXPECT_EQ(display(Value::real(0.1, Kind::F32)), "0.1ₛ");
    EXPECT_EQ(display(Value::boolean(true)), "$t");
    EXPECT_EQ(display(Value::boolean(false)), "$f");
    EXPECT_EQ(display(c(U'd')), "'d'");
    EXPECT_EQ(display(c(U'\'')), "'''");
    EXPECT_EQ(display(c(10)), "•ucs 10");
    EXPECT_EQ(display(f(7)), "7");
}

TEST(Display, Vectors) {
    EXPECT_EQ(display(vec({f(1), f(2), f(3)})), "1 2 3");
    EXPECT_EQ(display(vec({i(2), i(3)})), "[2 3]ₓ");
    EXPECT_EQ(display(vec({i(0)})), "[0]ₓ");
    EXPECT_EQ(display(vec({f(5)})), "[5]");
    EXPECT_EQ(display(str(U"abc")), "abc");
    EXPECT_EQ(display(vec({Value::boolean(true), Value::boolean(false), Value::boolean(true)})),
              "$t $f $t");
    EXPECT_EQ(display(vec({str(U"ab"), str(U"cd")})), "\"ab\" \"cd\"");
    EXPECT_EQ(display(vec({c(U'x'), f(1)})), "'x' 1");
    EXPECT_EQ(display(vec({c(U'\''), str(U"a\"b")})), "''' \"a\"\"b\"");
    EXPECT_EQ(display(vec({str(U""), str(U"a")})), "\"\" \"a\"");
    EXPECT_EQ(display(vec({i(1), i(0), Value::integer(-2, Kind::I8)})), "1ₓ 0ₓ ¯2ₓ₁");
    EXPECT_EQ(display(vec({i(1), f(0.5)})), "1ₓ 0.5");
    EXPECT_EQ(display(vec({f(1), f(2), str(U"hi"), vec({f(1), f(2)})})), "[1 2 \"hi\" [1 2]]");
    EXPECT_EQ(display(vec({f(1), f(2), str(U"hi")})), "[1 2 \"hi\"]");
    EXPECT_EQ(display(vec({vec({f(1), f(2)}), vec({f(3), f(4), f(5)})})), "(1 2⋄3 4 5)");
    EXPECT_EQ(display(vec({vec({i(1)}), vec({i(2)})})), "(1⋄2)ₓ");
    EXPECT_EQ(display(vec({vec({str(U"aa"), str(U"cc")}), vec({str(U"bb")})})),
              "(\"aa\" \"cc\"⋄\"bb\")");
    EXPECT_EQ(display(vec({Value::real(1.5, Kind::F32), Value::real(2, Kind::F32)})), "[1.5 2]ₛ");
}

TEST(Display, ScalarsAndEmpties) {
    EXPECT_EQ(display(bpl::value::enclose(f(7))), "⊂7");
    EXPECT_EQ(display(bpl::value::enclose(str(U"ab"))), "⊂\"ab\"");
    EXPECT_EQ(display(bpl::value::enclose(vec({f(1), f(2)}))), "⊂[1 2]");
    EXPECT_EQ(display(bpl::value::enclose(bpl::value::enclose(i(4)))), "⊂⊂4ₓ");
    EXPECT_EQ(display(vec({}, f(0))), "⍬");
    EXPECT_EQ(display(vec({}, i(0))), "⍬ₓ");
    EXPECT_EQ(display(vec({}, c(U' '))), "\"\"");
    EXPECT_EQ(display(vec({}, Value::boolean(false))), "0⍴$f");
    EXPECT_EQ(display(make_array({0, 3}, {}, f(0))), "0 3⍴0");
    EXPECT_EQ(display(make_array({3, 0}, {}, i(0))), "3 0⍴0ₓ");
    EXPECT_EQ(display(vec({}, vec({f(0), f(0)}))), "0⍴⊂0 0");
    EXPECT_EQ(display(vec({}, str(U"ab"))), "0⍴⊂\"  \"");
    EXPECT_EQ(source_form(vec({f(1), f(2)})), "[1 2]");
    EXPECT_EQ(source_form(make_array({1, 2}, {f(0), f(1)})), "[0 1⋄]");
    EXPECT_EQ(source_form(make_array({2, 2}, {i(0), i(1), i(2), i(3)})), "[0 1⋄2 3]ₓ");
    EXPECT_EQ(source_form(make_array({2, 1, 2}, {f(0), f(1), f(2), f(3)})), "[[0 1⋄]⋄[2 3⋄]]");
    EXPECT_EQ(source_form(make_array({1, 1, 1}, {f(5)})), "[[[5]⋄]⋄]");
    EXPECT_EQ(source_form(make_array({2, 1}, {f(1), f(2)})), "[[1]⋄[2]]");
    EXPECT_EQ(source_form(str(U"say \"hi\"")), "\"say \"\"hi\"\"\"");
}

TEST(Display, Matrices) {
    std::vector<Value> items;
    for (int k = 0; k < 6; k++) items.push_back(i(k));
    EXPECT_EQ(display(make_array({2, 3}, items)), "0 1 2\n3 4 5");
    EXPECT_EQ(display(make_array({2, 2}, {f(1), f(12.3), f(123), f(4)})), "  1 12.3\n123  4  ");
    EXPECT_EQ(display(make_array({2, 2}, {c(U'a'), c(U'b'), c(U'c'), c(U'd')})), "ab\ncd");
    std::vector<Value> cube;
    for (int k = 0; k < 8; k++) cube.push_back(i(k));
    EXPECT_EQ(display(make_array({2, 2, 2}, cube)), "0 1\n2 3\n\n4 5\n6 7");
    std::vector<Value> four;
    for (int k = 0; k < 8; k++) four.push_back(i(k));
    EXPECT_EQ(display(make_array({2, 2, 1, 2}, four)), "0 1\n\n2 3\n\n\n4 5\n\n6 7");
    EXPECT_EQ(display(make_array({2, 2}, {f(-1), f(10), f(2), f(-30)})), "¯1  10\n 2 ¯30");
}

} // namespace

namespace {

class FakeFunction : public bpl::value::Function {
  public:
    explicit FakeFunction(std::string text) : text_(std::move(text)) {}
    std::string source() const override { return text_; }
    bool same(const bpl::value::Function& other) const override { return this == &other; }

  private:
    std::string text_;
};

Value fn(const char* text) { return Value::function(bpl::base::Ref<bpl::value::Function>(new FakeFunction(text))); }

TEST(Display, Functions) {
    EXPECT_EQ(display(fn("+/")), "+/");
    EXPECT_EQ(display(fn("{⍵+1}")), "{⍵+1}");
    EXPECT_EQ(display(vec({fn("+"), fn("×"), fn("÷")})), "[+ × ÷]");
    EXPECT_EQ(display(bpl::value::enclose(fn("+"))), "+ᵘ");
}

} // namespace

namespace {

std::vector<Value> counting(int64_t n) {
    std::vector<Value> items;
    for (int64_t k = 0; k < n; k++) items.push_back(i(k));
    return items;
}

using bpl::lang::Elision;

} // namespace

// language.md §12.3: an array of more than `limit` items keeps `edges` positions at each end of
// every axis longer than 2×edges; the expected texts are worked out by hand.
TEST(Display, ElisionOfVectors) {
    Value v = make_array({12}, counting(12));
    EXPECT_EQ(display(v, Elision{10, 2}), "[0 1 … 10 11]ₓ");
    EXPECT_EQ(display(v, Elision{12, 2}), "[0 1 2 3 4 5 6 7 8 9 10 11]ₓ"); // not over the limit
    EXPECT_EQ(display(v), "[0 1 2 3 4 5 6 7 8 9 10 11]ₓ");               // ⎕← and ⍕: all
    EXPECT_EQ(display(make_array({2000}, counting(2000)), Elision{}), "[0 1 2 … 1997 1998 1999]ₓ");
    std::vector<Value> floats;
    for (int k = 0; k < 8; k++) floats.push_back(f(k + 0.5));
    EXPECT_EQ(display(make_array({8}, floats), Elision{5, 1}), "0.5 … 7.5");
    EXPECT_EQ(display(str(U"abcdefgh"), Elision{5, 2}), "ab…gh");
}

TEST(Display, ElisionOfMatrices) {
    EXPECT_EQ(display(make_array({4, 5}, counting(20)), Elision{10, 1}),
              " 0 …  4\n"
              " ⋮ ⋱  ⋮\n"
              "15 … 19");
    // only the long axis is elided: 3 rows are not more than 2×2
    EXPECT_EQ(display(make_array({3, 6}, counting(18)), Elision{10, 2}),
              " 0  1 …  4  5\n"
              " 6  7 … 10 11\n"
              "12 13 … 16 17");
    // a plane axis: a ⋮ line between the kept planes, blank lines as between planes
    EXPECT_EQ(display(make_array({4, 1, 2}, counting(8)), Elision{5, 1}), "0 1\n\n⋮\n\n6 7");
    std::vector<Value> chars;
    for (char32_t ch : std::u32string(U"abcdefghijklmnopqrstuvwx")) chars.push_back(c(ch));
    EXPECT_EQ(display(make_array({3, 8}, chars), Elision{10, 2}), "ab…gh\nij…op\nqr…wx");
}

// Display is linear in its output: 3000 levels of enclosure display at once (a cost doubling
// per level would never finish).
TEST(Display, DeepEnclosureIsLinear) {
    Value v = vec({i(1), i(2)});
    for (int k = 0; k < 3000; k++) v = make_array({}, {v});
    std::string text = display(v);
    std::string expected;
    for (int k = 0; k < 3000; k++) expected += "⊂";
    EXPECT_EQ(text, expected + "[1 2]ₓ");
}
