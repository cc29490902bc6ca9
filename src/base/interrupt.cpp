// The interrupt flag and the SIGINT handler that raises it.
#include "base/interrupt.h"

#include "base/error.h"

#include <atomic>
#include <signal.h>

namespace bpl::base {

std::atomic<bool> g_interrupt{false};

namespace {
static_assert(std::atomic<bool>::is_always_lock_free, "a signal handler may only touch lock-free atomics");

extern "C" void on_sigint(int) { g_interrupt.store(true, std::memory_order_relaxed); }
} // namespace

void request_interrupt() noexcept { g_interrupt.store(true, std::memory_order_relaxed); }

void raise_interrupt() {
    g_interrupt.store(false, std::memory_order_relaxed);
    throw Error(ErrorKind::Interrupt, "interrupted");
}

void clear_interrupt() noexcept { g_interrupt.store(false, std::memory_order_relaxed); }

void install_interrupt_handler() {
    struct sigaction sa {};
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, nullptr);
}

} // namespace bpl::base
