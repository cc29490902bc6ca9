// base::Deadline: the timer that raises the interrupt flag once its time passes (the worker's
// timeout_ms, Python's bpl.timeout).
#include "base/error.h"
#include "base/interrupt.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace {

using bpl::base::Deadline;

TEST(Deadline, RaisesTheFlagOnceItsTimePasses) {
    bpl::base::clear_interrupt();
    auto start = std::chrono::steady_clock::now();
    Deadline d(50);
    while (!bpl::base::interrupt_requested() && std::chrono::steady_clock::now() - start < std::chrono::seconds(5))
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(50));
    EXPECT_TRUE(bpl::base::interrupt_requested());
    EXPECT_TRUE(d.passed());
    try {
        bpl::base::check_interrupt();
        FAIL() << "no interrupt";
    } catch (const bpl::base::Error& e) {
        EXPECT_TRUE(d.timed_out(e));
    }
    EXPECT_FALSE(d.timed_out(bpl::base::Error(bpl::base::ErrorKind::Domain, "not an interrupt")));
}

TEST(Deadline, StoppedBeforeItsTimeRaisesNothing) {
    bpl::base::clear_interrupt();
    Deadline d(100);
    d.stop();
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    EXPECT_FALSE(bpl::base::interrupt_requested());
    EXPECT_FALSE(d.passed());
    EXPECT_FALSE(d.timed_out(bpl::base::Error(bpl::base::ErrorKind::Interrupt, "interrupted")));
}

TEST(Deadline, NoLimitNeverRaises) {
    bpl::base::clear_interrupt();
    {
        Deadline d(std::nullopt);
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        EXPECT_FALSE(d.passed());
    }
    EXPECT_FALSE(bpl::base::interrupt_requested());
}

} // namespace
