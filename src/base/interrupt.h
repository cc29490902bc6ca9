// Interrupts (Ctrl-C): a SIGINT handler only raises a flag; running code checks it at cheap
// points (between a graph's stages and a block stage's blocks, each ⍣ iteration, each dfn call
// and evaluated instruction, each function a host loop applies) and raises INTERRUPT ERROR
// there, unwinding like any error.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>

namespace bpl::base {

class Error;

// The flag itself (interrupt.cpp), read inline at the checks below.
extern std::atomic<bool> g_interrupt;
// Raises the flag. Async-signal-safe: what the SIGINT handler calls (and tests, from any thread).
void request_interrupt() noexcept;
// Whether the flag is raised: one relaxed atomic load, for loops that check often.
inline bool interrupt_requested() noexcept { return g_interrupt.load(std::memory_order_relaxed); }
// Throws Error(INTERRUPT), lowering the flag first (so the handler that reports the error, and
// what runs after, are not interrupted again).
[[noreturn]] void raise_interrupt();
// Raises INTERRUPT ERROR when the flag is raised: one load at each check point.
inline void check_interrupt() {
    if (interrupt_requested()) raise_interrupt();
}
// In a host loop over items the user controls (positions, cells): check_interrupt once every 2¹⁶
// rounds, so a long loop stops at Ctrl-C (or the fuzzer's time limit) at a cost of one test a round.
inline void poll_interrupt(uint64_t round) {
    if ((round & 0xffff) == 0) check_interrupt();
}
// Lowers the flag without raising (a prompt that starts afresh).
void clear_interrupt() noexcept;
// Makes SIGINT raise the flag instead of ending the process.
void install_interrupt_handler();

// A time limit on one evaluation (the worker's timeout_ms, Python's bpl.timeout): a timer thread
// raises the interrupt flag once the time passes, unless stop() (or the destructor) comes first.
// The evaluation then ends with INTERRUPT ERROR at its next check; timed_out(e) tells the
// caller to report it as a TIMEOUT instead (TIMEOUT_KIND, the kind word of language.md §13).
class Deadline {
  public:
    // A limit of `ms` milliseconds; none when `ms` is empty.
    explicit Deadline(std::optional<int64_t> ms);
    ~Deadline();
    Deadline(const Deadline&) = delete;
    Deadline& operator=(const Deadline&) = delete;
    // Ends the timer (waits for its thread); the flag is not raised after this returns.
    void stop();
    // Whether the time passed (and the flag was raised for it).
    bool passed() const;
    // Whether error `e` is the interrupt this deadline raised.
    bool timed_out(const Error& e) const;

  private:
    struct Timer;
    std::unique_ptr<Timer> timer_;
};
constexpr const char* TIMEOUT_KIND = "TIMEOUT";

} // namespace bpl::base
