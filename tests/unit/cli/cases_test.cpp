// The case runner's record parser (the forms of ../shared/conformance/cases.py) and its
// comparison rules (decisions.md D19), on values built directly.
#include "cli/cases.h"
#include "value/array.h"

#include "value/layout.h"

#include <gtest/gtest.h>

#include <cmath>
#include <csignal>
#include <stdexcept>

#include <unistd.h>

namespace {

using bpl::cli::Case;
using bpl::cli::match_expected;
using bpl::cli::parse_cases;
using bpl::cli::Tolerance;
using bpl::value::Kind;
using bpl::value::make_array;
using bpl::value::Value;

TEST(Records, Header) {
    auto h = bpl::cli::parse_header("⍝ core:75 — adds two numbers");
    ASSERT_TRUE(h);
    EXPECT_EQ(h->first, "core:75");
    EXPECT_EQ(h->second, "adds two numbers");
    h = bpl::cli::parse_header("⍝ — no id");
    ASSERT_TRUE(h);
    EXPECT_EQ(h->first, "");
    EXPECT_FALSE(bpl::cli::parse_header("⍝ a b — spaced id"));
    EXPECT_FALSE(bpl::cli::parse_header("⍝ plain comment"));
    EXPECT_FALSE(bpl::cli::parse_header("1+2 ⍝ — x"));
}

TEST(Records, Tolerance) {
    std::string d;
    std::optional<double> r, a;
    bpl::cli::split_tolerance("sums [rtol=1e-10]", &d, &r, &a);
    EXPECT_EQ(d, "sums");
    EXPECT_DOUBLE_EQ(*r, 1e-10);
    EXPECT_FALSE(a);
    r.reset();
    bpl::cli::split_tolerance("[rtol=1e-14 atol=1e-15]", &d, &r, &a);
    EXPECT_EQ(d, "");
    EXPECT_DOUBLE_EQ(*r, 1e-14);
    EXPECT_DOUBLE_EQ(*a, 1e-15);
    r.reset();
    a.reset();
    bpl::cli::split_tolerance("text [not a tolerance]", &d, &r, &a);
    EXPECT_EQ(d, "text [not a tolerance]");
    EXPECT_FALSE(r);
}

TEST(Records, CommentStartSkipsQuotes) {
    EXPECT_EQ(bpl::cli::comment_start("1+2 ⍝ 3"), 4u);
    EXPECT_EQ(bpl::cli::comment_start("\"a⍝b\" ⍝ x"), std::string("\"a⍝b\" ").size());
    EXPECT_EQ(bpl::cli::comment_start("'⍝' ⍝ x"), std::string("'⍝' ").size());
    EXPECT_EQ(bpl::cli::comment_start("''' ⍝ x"), std::string("''' ").size());
    EXPECT_EQ(bpl::cli::comment_start("'ab⍝' x"), std::string::npos);
}

TEST(Records, Escapes) {
    std::string out;
    EXPECT_TRUE(bpl::cli::unescape_output("1\\n2\\\\3", &out));
    EXPECT_EQ(out, "1\n2\\3");
    EXPECT_FALSE(bpl::cli::unescape_output("\\t", &out));
}

TEST(Records, Forms) {
    const char* text = "⍝⍝ Section one\n"
                       "\n"
                       "⍝ a:inline — inline form\n"
                       "1+2   ⍝ 3\n"
                       "\n"
                       "⍝ a:two — two lines [rtol=1e-10]\n"
                       "1+2\n"
                       "3\n"
                       "\n"
                       "⍝ a:arrow — arrow\n"
                       "x←1\n"
                       "x+1\n"
                       "⍝ =>\n"
                       "2\n"
                       "\n"
                       "⍝ a:multiinline —\n"
                       "x←1\n"
                       "x+1 ⍝ 2\n"
                       "\n"
                       "⍝ a:error — error\n"
                       "1÷'a'\n"
                       "⍝ error: DOMAIN ERROR\n"
                       "⍝ ⎕: 7\\n8\n"
                       "\n"
                       "⍝ a:input — input\n"
                       "⎕\n"
                       "\"hi\"\n"
                       "⍝ input: hi\n"
                       "⍝ ⎕:\n"
                       "\n"
                       "⍝ a:string — a string spanning lines with ⍝ inside\n"
                       "\"a⍝\n"
                       "b\"   ⍝ \"x\"\n"
                       "\n"
                       "⍝ a:bad —\n"
                       "1+2\n";
    auto parsed = parse_cases(text);
    ASSERT_EQ(parsed.cases.size(), 7u);
    ASSERT_EQ(parsed.problems.size(), 1u);
    EXPECT_EQ(parsed.problems[0].id, "a:bad");
    const Case& in = parsed.cases[0];
    EXPECT_EQ(in.id, "a:inline");
    EXPECT_EQ(in.section, "Section one");
    EXPECT_EQ(in.code, "1+2");
    EXPECT_EQ(*in.expect, "3");
    EXPECT_EQ(in.form, "inline");
    EXPECT_EQ(in.line, 3);
    const Case& two = parsed.cases[1];
    EXPECT_EQ(two.form, "two-line");
    EXPECT_EQ(two.description, "two lines");
    EXPECT_DOUBLE_EQ(*two.rtol, 1e-10);
    EXPECT_EQ(parsed.cases[2].form, "arrow");
    EXPECT_EQ(parsed.cases[2].code, "x←1\nx+1");
    EXPECT_EQ(*parsed.cases[2].expect, "2");
    EXPECT_EQ(parsed.cases[3].form, "multi-inline");
    EXPECT_EQ(parsed.cases[3].code, "x←1\nx+1");
    const Case& err = parsed.cases[4];
    EXPECT_FALSE(err.expect);
    EXPECT_EQ(*err.expect_error, "DOMAIN ERROR");
    EXPECT_EQ(*err.output, "7\n8");
    const Case& input = parsed.cases[5];
    EXPECT_EQ(*input.input, "hi");
    EXPECT_EQ(*input.output, "");
    const Case& str = parsed.cases[6];
    EXPECT_EQ(str.form, "multi-inline");
    EXPECT_EQ(str.code, "\"a⍝\nb\"");
    EXPECT_EQ(*str.expect, "\"x\"");
}

Value weak(double x) { return Value::real(x, Kind::F64, true); }
Value vec(std::vector<Value> items, Value proto = {}) {
    int64_t n = static_cast<int64_t>(items.size());
    return make_array({n}, std::move(items), std::move(proto));
}

TEST(Compare, WeakExpectationMatchesAnyRealKind) {
    Tolerance tol;
    std::string why;
    EXPECT_TRUE(match_expected(Value::integer(3), weak(3), tol, &why));
    EXPECT_TRUE(match_expected(Value::boolean(true), weak(1), tol, &why));
    EXPECT_TRUE(match_expected(Value::integer(3, Kind::I8), weak(3), tol, &why));
    EXPECT_TRUE(match_expected(vec({Value::integer(0), Value::integer(1)}), vec({weak(0), weak(1)}), tol, &why));
    EXPECT_FALSE(match_expected(Value::integer(4), weak(3), tol, &why));
}

TEST(Compare, KeysMatchExactlyAtEveryDepth) {
    // D19: keys always match; a record's keys inside a nested item too
    Tolerance tol;
    std::string why;
    auto rec = [](std::vector<std::optional<std::string>> keys) {
        return bpl::value::with_layout(vec({weak(1), weak(2)}), bpl::value::Layout::of_keys(std::move(keys)));
    };
    EXPECT_TRUE(match_expected(rec({"a", "b"}), rec({"a", "b"}), tol, &why));
    EXPECT_FALSE(match_expected(rec({"a", "c"}), rec({"a", "b"}), tol, &why));
    EXPECT_FALSE(match_expected(vec({weak(1), weak(2)}), rec({"a", "b"}), tol, &why)); // keys missing
    EXPECT_FALSE(match_expected(rec({"a", "b"}), vec({weak(1), weak(2)}), tol, &why)); // keys extra
    EXPECT_FALSE(match_expected(vec({rec({"a", "b"}), weak(5)}), vec({rec({"b", "a"}), weak(5)}), tol, &why));
    EXPECT_NE(why.find("item 0"), std::string::npos);
}

TEST(Compare, MarkedExpectationFixesKind) {
    Tolerance tol;
    std::string why;
    EXPECT_TRUE(match_expected(Value::integer(3), Value::integer(3), tol, &why));
    EXPECT_FALSE(match_expected(weak(3), Value::integer(3), tol, &why));
    EXPECT_NE(why.find("kind"), std::string::npos);
    EXPECT_FALSE(match_expected(Value::integer(1), Value::boolean(true), tol, &why));
    EXPECT_FALSE(match_expected(Value::integer(3, Kind::I8), Value::integer(3), tol, &why));
}

TEST(Compare, Tolerance) {
    Tolerance tol;
    std::string why;
    EXPECT_TRUE(match_expected(weak(1.0 + 1e-15), weak(1), tol, &why));
    EXPECT_FALSE(match_expected(weak(1.0 + 1e-10), weak(1), tol, &why));
    EXPECT_TRUE(match_expected(weak(1.0 + 1e-10), weak(1), Tolerance{1e-9, 0}, &why));
    EXPECT_TRUE(match_expected(weak(1e-14), weak(0), tol, &why)); // atol
    EXPECT_TRUE(match_expected(weak(std::nan("")), weak(std::nan("")), tol, &why));
    EXPECT_TRUE(match_expected(weak(INFINITY), weak(INFINITY), tol, &why));
    EXPECT_FALSE(match_expected(weak(INFINITY), weak(-INFINITY), tol, &why));
    // integers compare exactly
    EXPECT_FALSE(match_expected(Value::integer(1000000000000000001), Value::integer(1000000000000000000), tol, &why));
}

TEST(Compare, StructureAndPrototype) {
    Tolerance tol;
    std::string why;
    Value seven = weak(7);
    EXPECT_FALSE(match_expected(bpl::value::enclose(seven), seven, tol, &why));
    EXPECT_FALSE(match_expected(seven, bpl::value::enclose(seven), tol, &why));
    EXPECT_TRUE(match_expected(bpl::value::enclose(seven), bpl::value::enclose(seven), tol, &why));
    EXPECT_FALSE(match_expected(vec({seven}), seven, tol, &why));
    EXPECT_FALSE(match_expected(vec({weak(1), weak(2)}), vec({weak(1), weak(2), weak(3)}), tol, &why));
    EXPECT_NE(why.find("shape"), std::string::npos);
    // empty arrays: the prototype decides
    Value empty_num = vec({}, weak(0));
    Value empty_int = vec({}, Value::integer(0));
    Value empty_chr = vec({}, Value::character(U' '));
    EXPECT_TRUE(match_expected(empty_int, empty_num, tol, &why));
    EXPECT_FALSE(match_expected(empty_chr, empty_num, tol, &why));
    EXPECT_FALSE(match_expected(empty_num, empty_int, tol, &why));
    // prototypes compare as fills: an empty array whose prototype is 7 matches one of 0
    EXPECT_TRUE(match_expected(vec({}, vec({weak(7), weak(8)})), vec({}, vec({weak(0), weak(0)})), tol, &why));
    EXPECT_FALSE(match_expected(vec({}, vec({weak(7)})), vec({}, vec({weak(0), weak(0)})), tol, &why));
    // characters exactly; a character never matches a number
    EXPECT_FALSE(match_expected(Value::character(U'a'), weak(97), tol, &why));
    EXPECT_TRUE(match_expected(Value::character(U'a'), Value::character(U'a'), tol, &why));
    // nesting
    Value nested = vec({vec({weak(1), weak(2)}), vec({weak(3)})});
    EXPECT_TRUE(match_expected(vec({vec({Value::integer(1), Value::integer(2)}), vec({Value::integer(3)})}), nested,
                               tol, &why));
    EXPECT_FALSE(match_expected(vec({weak(1), weak(2), weak(3)}), nested, tol, &why));
    // no result
    EXPECT_TRUE(match_expected(Value(), Value(), tol, &why));
    EXPECT_FALSE(match_expected(seven, Value(), tol, &why));
}

} // namespace

namespace {

using bpl::cli::Outcome;
using bpl::cli::run_isolated;
using bpl::cli::Status;

TEST(Isolation, PassFailTimeoutCrash) {
    Outcome pass = run_isolated([] { return Outcome{Status::Pass, ""}; }, 2);
    EXPECT_EQ(pass.status, Status::Pass);
    Outcome fail = run_isolated([] { return Outcome{Status::Fail, "nope"}; }, 2);
    EXPECT_EQ(fail.status, Status::Fail);
    EXPECT_EQ(fail.message, "nope");
    Outcome slow = run_isolated(
        [] {
            for (;;) pause();
            return Outcome{Status::Pass, ""};
        },
        1);
    EXPECT_EQ(slow.message, "timeout");
    Outcome crash = run_isolated(
        [] {
            raise(SIGSEGV);
            return Outcome{Status::Pass, ""};
        },
        2);
    // a plain build reports the signal; under ASan its handler exits instead
    EXPECT_EQ(crash.message.rfind("crash: ", 0), 0u) << crash.message;
    Outcome thrown = run_isolated([]() -> Outcome { throw std::runtime_error("boom"); }, 2);
    EXPECT_EQ(thrown.message, "internal error: boom");
}

} // namespace

namespace {

TEST(Isolation, ManyInOrderWithJobs) {
    std::vector<std::string> seen;
    bpl::cli::run_isolated_many(
        6,
        [](size_t i) {
            usleep(static_cast<useconds_t>((6 - i) * 20000)); // later cases finish first
            if (i == 3) raise(SIGKILL);
            return Outcome{i % 2 ? Status::Fail : Status::Pass, std::to_string(i)};
        },
        2, 3, [&](size_t i, const Outcome& o) { seen.push_back(std::to_string(i) + ":" + o.message); });
    ASSERT_EQ(seen.size(), 6u);
    EXPECT_EQ(seen[0], "0:0");
    EXPECT_EQ(seen[1], "1:1");
    EXPECT_EQ(seen[2], "2:2");
    EXPECT_EQ(seen[3], "3:crash: signal " + std::to_string(SIGKILL));
    EXPECT_EQ(seen[5], "5:5");
}

} // namespace
