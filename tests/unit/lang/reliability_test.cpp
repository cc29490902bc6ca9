// Hostile input (issue 19): each of these crashed, aborted, read out of bounds or lost an error
// before; now each ends in a clean BPL error (or its right value), and Ctrl-C is INTERRUPT ERROR.
#include "base/interrupt.h"
#include "base/utf8.h"
#include "graph/node.h"
#include "lang/display.h"
#include "lang/run.h"
#include "program/plan.h"

#include "last_display.h"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

namespace bpl::lang {
namespace {

using test::QuietIo;

// The display of the last result, or the error's kind name ("SYNTAX ERROR").
std::string eval_in(Context& ctx, std::string_view src) {
    std::string out;
    try {
        run(ctx, src, [&](const value::Value& v) { out = display(v); });
    } catch (const base::Error& e) {
        out = base::name(e.kind());
    }
    return out;
}
std::string eval(std::string_view src) {
    QuietIo io;
    Context ctx(io);
    return eval_in(ctx, src);
}

TEST(Reliability, PartialOperatorAsAssignedValueIsASyntaxError) {
    for (const char* src : {"-g←3∘", "×g←(3∘)", "f←× ⋄ f g←3∘", "-⎕←3∘", "{-⍺←3∘ ⋄ 0}0", "⍳g←+⍥"})
        EXPECT_EQ(eval(src), "SYNTAX ERROR") << src;
}

TEST(Reliability, DeepInstructionTreesFreeWithoutRecursion) {
    // 300000 nested calls: binding is fine, evaluation stops at the stack limit, and the tree
    // (300000 levels deep) is freed without a call per level.
    EXPECT_EQ(eval("⍎(300000⍴\"-\"),\"1\""), "LIMIT ERROR");
}

TEST(Reliability, Utf8IsDecodedStrictly) {
    size_t n = 0;
    EXPECT_EQ(base::decode_one("\xE2\x8D\xB3", 0, &n), U'⍳');
    EXPECT_EQ(n, 3u);
    // overlong '+', a surrogate, past U+10FFFF, truncated, a stray continuation byte
    for (std::string_view bad : {"\xC0\xAB", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xE2\x8D", "\x80"}) {
        base::decode_one(bad, 0, &n);
        EXPECT_EQ(n, 0u) << bad.size();
    }
    EXPECT_EQ(base::decode_utf8("a\xC0\xAB"), U"a\uFFFD\uFFFD");
    EXPECT_EQ(eval("1\xC0\xAB" "2"), "SYNTAX ERROR");
    EXPECT_EQ(eval("\"a\xFF" "b\""), "SYNTAX ERROR");
    EXPECT_EQ(eval("⍝ \xED\xA0\x80"), "SYNTAX ERROR");
    EXPECT_EQ(eval("1+\xE2\x8D"), "SYNTAX ERROR");
    EXPECT_EQ(eval("\xEF\xBB\xBF" "1+2"), "3"); // a byte order mark at the start is skipped
    QuietIo io;
    Context ctx(io);
    try {
        run(ctx, "1+\xC0\xAB", [](const value::Value&) {});
        FAIL() << "no error";
    } catch (const base::Error& e) {
        EXPECT_EQ(e.site().begin, 2); // the byte's position
    }
}

TEST(Reliability, LexerSitesStayInsideTheSource) {
    EXPECT_EQ(eval("$"), "SYNTAX ERROR");
    EXPECT_EQ(eval("•"), "SYNTAX ERROR");
    EXPECT_EQ(eval("'"), "SYNTAX ERROR");
}

TEST(Reliability, GuardsForceWhatTheirBodiesBind) {
    // an outer name modified inside the guard: the error is caught there, x keeps its value
    EXPECT_EQ(eval("x←5 ⋄ _←{∞::0 ⋄ x+←÷0ₓ}0 ⋄ x"), "5");
    // a local: the handler sees it as it was before the failed assignment
    EXPECT_EQ(eval("{x←5 ⋄ ∞::x ⋄ x←÷0ₓ}0"), "5");
    // the error is not dropped because a later statement gives the result
    EXPECT_EQ(eval("{x←5 ⋄ ∞::x ⋄ x←÷0ₓ ⋄ 0}0"), "5");
    EXPECT_EQ(eval("{x←5 ⋄ ∞::x ⋄ [x y]←÷0ₓ 1 ⋄ 0}0"), "5");
    // a guard that does not name the kind lets it through
    EXPECT_EQ(eval("{x←5 ⋄ \"LENGTH\"::x ⋄ x←÷0ₓ ⋄ 0}0"), "DOMAIN ERROR");
    // no guard: laziness is kept, the error surfaces where the value is read
    EXPECT_EQ(eval("{x←÷0ₓ ⋄ 0}0"), "0");
}

TEST(Reliability, CountsThatOverflowAreLimitErrors) {
    EXPECT_EQ(eval("9223372036854775807ₓ 2 2⍴1"), "LIMIT ERROR");
    EXPECT_EQ(eval("⍳¯9223372036854775808ₓ"), "LIMIT ERROR");
    EXPECT_EQ(eval("⍸⁻ 9023372036854775827ₓ 8"), "LIMIT ERROR");
    EXPECT_EQ(eval("⍸⁻⍬ 2 3"), "DOMAIN ERROR");
    EXPECT_EQ(eval("⍸⁻ 0 2 2"), "[1 0 2]ₓ"); // still inverts ordinary positions
}

TEST(Reliability, LazyLoopsKeepABoundedHistory) {
    QuietIo io;
    Context ctx(io);
    size_t before = graph::interned_count();
    EXPECT_EQ(eval_in(ctx, "x←{⍵+1}⍣20000 ⊢ 0 ⋄ 0"), "0");
    // x is pending and unread; the loop's steps were read in pieces on the way
    EXPECT_LE(graph::interned_count() - before, graph::MAX_PENDING_NODES + 1);
    EXPECT_EQ(eval_in(ctx, "x"), "20000");
}

// Runs src in ctx while another thread raises the interrupt flag after 200 ms.
std::string interrupted(Context& ctx, std::string_view src) {
    std::thread raiser([] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        base::request_interrupt();
    });
    std::string r = eval_in(ctx, src);
    raiser.join();
    return r;
}

TEST(Reliability, InterruptStopsALongLoopAndLeavesNamesWhole) {
    QuietIo io;
    Context ctx(io);
    EXPECT_EQ(eval_in(ctx, "x←7"), "");
    EXPECT_EQ(interrupted(ctx, "x←{⍵+1}⍣1E9⊢0"), "INTERRUPT");
    EXPECT_FALSE(base::interrupt_requested()); // raising lowered it
    EXPECT_EQ(eval_in(ctx, "x"), "7");
    EXPECT_EQ(eval_in(ctx, "x+1"), "8");
    // a tail-recursive loop, and a loop of primitive calls with a count past int64 (1E93
    // converts to a finite count rather than wrapping to a negative one)
    EXPECT_EQ(interrupted(ctx, "{∇⍵+1}0"), "INTERRUPT");
    EXPECT_EQ(interrupted(ctx, "(⊂⍣1E93)4"), "INTERRUPT");
    EXPECT_EQ(eval_in(ctx, "x"), "7");
    // ∞:: lets an interrupt through; a guard naming it catches it
    EXPECT_EQ(interrupted(ctx, "{∞::0 ⋄ {⍵+1}⍣1E9⊢⍵}0"), "INTERRUPT");
    EXPECT_EQ(interrupted(ctx, "{\"INTERRUPT\"::x ⋄ {⍵+1}⍣1E9⊢⍵}0"), "7");
}

// Display and ⍕ of large arrays check the flag at item and row boundaries (a large, deep,
// transposed array took over a minute to show and could not be stopped).
TEST(Reliability, DisplayAndFormatStopAtAnInterrupt) {
    QuietIo io;
    Context ctx(io);
    for (std::string_view src : {"100 100⍴⊂1 2", "⍉300 400⍴⍳7", "⍉2 3 4 5⍴⍳9"}) {
        value::Value v;
        run(ctx, src, [&](const value::Value& r) { v = r.read(); });
        std::string shown = display(v); // no flag: the whole text
        EXPECT_FALSE(shown.empty());
        base::request_interrupt();
        EXPECT_THROW(
            try { display(v); } catch (const base::Error& e) {
                EXPECT_EQ(e.kind(), base::ErrorKind::Interrupt);
                throw;
            },
            base::Error);
        EXPECT_FALSE(base::interrupt_requested()); // raising lowered it
        base::request_interrupt();
        EXPECT_THROW(format_array(v), base::Error);
        EXPECT_FALSE(base::interrupt_requested());
    }
}

// A gather over many sources (the ranges of `(⍳5000)↦5000`, one source each) finds each item's
// source by binary search and checks the flag within the stage: it scanned the sources from the
// first for every item (quadratic: 29 s) and an interrupt waited for the stage's end. A block
// stage's table of its steps was once sized by the whole program (quadratic again, for 3·10⁵
// small stages). The check is the growth from 2·10⁴ to 2·10⁵ sources: about 10× while linear,
// about 100× while quadratic, whatever the build and the machine's load.
TEST(Reliability, AGatherOverManySourcesIsLinearAndStopsAtAnInterrupt) {
    QuietIo io;
    Context ctx(io);
    auto seconds = [&](const char* src, const char* expect) {
        auto start = std::chrono::steady_clock::now();
        EXPECT_EQ(eval(src), expect);
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    // n ranges of two items, one source each: Σ i+(i+1) over i<n is n²
    double small = seconds("+/,(⍳20000)↦1+⍳20000", "400000000ₓ");
    double large = seconds("+/,(⍳200000)↦1+⍳200000", "40000000000ₓ");
    EXPECT_LT(large, 35 * small + 0.5) << "2·10⁴ sources: " << small << " s, 2·10⁵: " << large << " s";
    auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(interrupted(ctx, "+/,(⍳5000)↦5000"), "INTERRUPT");
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 12.0);
    // Σ over i<1000 of Σ i..1000, the shorter rows padded with 0 (Python:
    // sum(sum(range(i, 1001)) for i in range(1000)))
    EXPECT_EQ(eval("+/,(⍳1000)↦1000"), "334333000ₓ");
}

// Cells of very different shapes assembled under ⍤ (each padded to the largest, items made on
// the host) are checked against the memory limit before any item is made: fuzz_eval's
// `--\2 3 4⍴\2 3 4⍴⍳24` asked for 6 GB at once and aborted under ASan.
TEST(Reliability, AssembledCellsAreCheckedAgainstTheMemoryLimit) {
    int64_t limit = program::memory_limit();
    program::set_memory_limit(int64_t{256} << 20);
    auto start = std::chrono::steady_clock::now();
    std::string out = eval("--\\2 3 4⍴\\2 3 4⍴⍳24");
    double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    program::set_memory_limit(limit);
    EXPECT_EQ(out, "LIMIT ERROR");
    EXPECT_LT(took, 5.0);
    EXPECT_EQ(eval("{⍳⍵}⍤0 ⊢1 3"), "0 0 0\n0 1 2"); // small assemblies still pad with fill
    // a cell count that saturates (⍳ of 608 lengths) is refused without an int64 overflow
    // (UBSan in fuzz_eval: 2 × INT64_MAX in the assembly's size)
    EXPECT_EQ(eval("↓⍕2 304⍴⍳2 304⍴⍳9"), "LIMIT ERROR");
}

// A prototype cell beside an empty frame (⍤ over 0 n⍴0) is n fill items made on the host: they
// are checked against the memory limit first (⍴{⍵}⍤1⊢0 96059601⍴0 made 1.5 GB unchecked, 11 s).
TEST(Reliability, APrototypeCellIsCheckedAgainstTheMemoryLimit) {
    int64_t limit = program::memory_limit();
    program::set_memory_limit(int64_t{256} << 20);
    std::string out = eval("⍴{⍵}⍤1⊢0 20000000⍴0");
    program::set_memory_limit(limit);
    EXPECT_EQ(out, "LIMIT ERROR");
    EXPECT_EQ(eval("⍴{⍵}⍤1⊢0 3⍴0"), "[0 3]ₓ");
}

// A selector array of keys re-entered squad through keyed_squad (fuzz_eval: a matrix of texts as
// one selector over a keyed vector) until the stack overflowed (a segfault in every build), then
// until the stack guard's LIMIT ERROR; its keys are now positions, and the one the axis lacks is
// the INDEX ERROR of a missing key.
TEST(Reliability, AKeyArraySelectorSelectsByItsKeys) {
    EXPECT_EQ(eval("[[\"a\"⋄\"b\" \"c\"]]⌷\"aa\" \"bb\":2 2"), "INDEX ERROR");
    EXPECT_EQ(eval("x←7 ⋄ x"), "7"); // and the interpreter goes on
}

// Cells split for ⍤ (one host array per cell) are checked against the memory limit first:
// fuzz_eval's `(⍳3)⌽⍠1¨⊂310e4 4⍴⍳9` split 3.1·10⁶ cells three times (39 s under ASan).
TEST(Reliability, SplitCellsAreCheckedAgainstTheMemoryLimit) {
    int64_t limit = program::memory_limit();
    program::set_memory_limit(int64_t{256} << 20);
    std::string out = eval("≢(⍳3)⌽⍠1¨⊂310e4 4⍴⍳9");
    program::set_memory_limit(limit);
    EXPECT_EQ(out, "LIMIT ERROR");
    EXPECT_EQ(eval("(⍳3)⌽⍠1¨⊂2 4⍴⍳8"), "[[0 1 2 3⋄4 5 6 7]ₓ [1 2 3 0⋄5 6 7 4]ₓ [2 3 0 1⋄6 7 4 5]ₓ]");
}

} // namespace
} // namespace bpl::lang
