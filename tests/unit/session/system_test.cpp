// The system-name table through lang: lookup before and after install, calls and valence errors.
#include "eval.h"
#include "base/interrupt.h"
#include "lang/system.h"
#include "session/session.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace bpl::session {
namespace {

using test::eval;

TEST(System, UnknownBeforeAndAfterInstall) {
    // Without a registered table every name is UNSUPPORTED; install() registers the table.
    lang::register_system_names(nullptr);
    EXPECT_EQ(eval("•ucs 65").substr(0, 11), "UNSUPPORTED");
    install();
    EXPECT_EQ(eval("•ucs 65"), "'A'");
    EXPECT_EQ(eval("•nosuch 1").substr(0, 11), "UNSUPPORTED");
}

TEST(System, Storage) {
    install();
    EXPECT_EQ(eval("•storage 1.5"), "float64");
    EXPECT_EQ(eval("•storage 2ₓ"), "integer");
    EXPECT_EQ(eval("•storage \"ab\""), "character");
    EXPECT_EQ(eval("•storage 1 'a'"), "mixed");
    EXPECT_EQ(eval("•storage 32 •float 1 2"), "float32");
}

TEST(System, ValenceAndCase) {
    install();
    EXPECT_EQ(eval("1 •storage 2").substr(0, 12), "SYNTAX ERROR");
    EXPECT_EQ(eval("•UCS \"a\""), "[97]ₓ");
    EXPECT_EQ(eval("•Ucs 'a'"), "97ₓ");
}

// •delay sleeps in slices and checks the flag between them: an interrupt ends a long (or endless)
// wait at once as INTERRUPT ERROR, where it slept through every signal (and a fuzzed `•delay 99`
// ran past the fuzzer's time limit).
TEST(System, DelayStopsAtAnInterrupt) {
    install();
    for (std::string_view src : {"•delay 30", "•delay ∞"}) {
        std::thread raiser([] {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            base::request_interrupt();
        });
        auto start = std::chrono::steady_clock::now();
        std::string out = eval(src);
        raiser.join();
        double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        EXPECT_EQ(out.substr(0, 9), "INTERRUPT") << src;
        EXPECT_LT(took, 5.0) << src;
        EXPECT_FALSE(base::interrupt_requested());
    }
    EXPECT_EQ(eval("(•delay 0.02)≥0.02"), "$t"); // a short wait still waits its time
}

} // namespace
} // namespace bpl::session
