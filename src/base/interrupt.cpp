// The interrupt flag and the SIGINT handler that raises it.
#include "base/interrupt.h"

#include "base/error.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
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

struct Deadline::Timer {
    std::mutex mutex;
    std::condition_variable stop;
    bool stopped = false;
    bool passed = false;
    std::thread thread;
};

Deadline::Deadline(std::optional<int64_t> ms) : timer_(std::make_unique<Timer>()) {
    if (!ms) return;
    Timer* t = timer_.get();
    t->thread = std::thread([t, ms] {
        std::unique_lock<std::mutex> lock(t->mutex);
        if (!t->stop.wait_for(lock, std::chrono::milliseconds(*ms), [t] { return t->stopped; })) {
            t->passed = true;
            request_interrupt();
        }
    });
}

Deadline::~Deadline() { stop(); }

void Deadline::stop() {
    {
        std::lock_guard<std::mutex> lock(timer_->mutex);
        timer_->stopped = true;
    }
    timer_->stop.notify_one();
    if (timer_->thread.joinable()) timer_->thread.join();
}

bool Deadline::passed() const {
    std::lock_guard<std::mutex> lock(timer_->mutex);
    return timer_->passed;
}

bool Deadline::timed_out(const Error& e) const { return e.kind() == ErrorKind::Interrupt && passed(); }

void install_interrupt_handler() {
    struct sigaction sa {};
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, nullptr);
}

} // namespace bpl::base
