// Fuzz target: whole programs through run(), each in a fresh session, results displayed (so
// pending work is read). libFuzzer's -timeout and -rss_limit_mb (set by `make fuzz`) bound each
// input's time and memory; the interrupt flag ends an input that runs past EVAL_SECONDS, so a
// slow program is an INTERRUPT ERROR rather than a reported timeout. The session is contained
// (session::Reach::Contained): system names that reach files, directories, the network or stdin
// are refused, so a mutated program can never write or remove a file.
//
// Under ASan a throwing operator new that cannot allocate aborts (it never throws bad_alloc), so
// the memory limit cannot be exercised here: inputs that write a number of 10⁷ or more (eight
// digits in a row, or an exponent of 7 or more) are skipped, as they alone can ask for
// gigabytes (`999999999#1`). tests/python/test_reliability.py tests memory exhaustion under
// prlimit in the release build.
#include "base/interrupt.h"
#include "jit/jit.h"
#include "lang/display.h"
#include "lang/run.h"
#include "program/plan.h"
#include "program/threads.h"
#include "session/session.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <new>
#include <string_view>
#include <thread>

#include <pthread.h>
#include <signal.h>

namespace {

constexpr auto EVAL_SECONDS = std::chrono::seconds(2);

class NoIo : public bpl::lang::Io {
  public:
    void print(const std::string&) override {}
    std::optional<std::string> read_line() override { return std::nullopt; }
};

// A watchdog thread: raises the interrupt when an input runs too long.
class Watchdog {
  public:
    Watchdog() : thread_([this] { loop(); }) {}
    ~Watchdog() {
        {
            std::lock_guard<std::mutex> lock(m_);
            quit_ = true;
        }
        cv_.notify_all();
        thread_.join();
    }
    void start() {
        std::lock_guard<std::mutex> lock(m_);
        armed_ = true;
        generation_++;
        cv_.notify_all();
    }
    void stop() {
        std::lock_guard<std::mutex> lock(m_);
        armed_ = false;
        generation_++;
        cv_.notify_all();
    }

  private:
    void loop() {
        std::unique_lock<std::mutex> lock(m_);
        while (!quit_) {
            if (!armed_) {
                cv_.wait(lock);
                continue;
            }
            uint64_t g = generation_;
            if (!cv_.wait_for(lock, EVAL_SECONDS, [&] { return quit_ || generation_ != g; }))
                bpl::base::request_interrupt();
            cv_.wait(lock, [&] { return quit_ || generation_ != g; });
        }
    }
    std::mutex m_;
    std::condition_variable cv_;
    bool armed_ = false, quit_ = false;
    uint64_t generation_ = 0;
    std::thread thread_;
};

// Whether the text writes a number of 10⁷ or more (see above).
bool names_huge_number(std::string_view text) {
    int digits = 0;
    for (size_t i = 0; i < text.size(); i++) {
        char c = text[i];
        digits = c >= '0' && c <= '9' ? digits + 1 : 0;
        if (digits >= 8) return true;
        bool exponent = (c == 'E' || c == 'e') && i > 0 && text[i - 1] >= '0' && text[i - 1] <= '9';
        if (exponent) {
            size_t k = i + 1; // (after ¯, the exponent makes a small number: no digit matches)
            if (k < text.size() && text[k] >= '7' && text[k] <= '9') return true;
            if (k + 1 < text.size() && text[k] >= '1' && text[k] <= '9' && text[k + 1] >= '0' &&
                text[k + 1] <= '9')
                return true;
        }
    }
    return false;
}

// libFuzzer's -timeout is a process-wide SIGALRM whose handler does nothing off the fuzzing
// thread, so one delivered to the watchdog or a worker thread skipped the check (a 43 s unit ran
// past -timeout=30). Those threads are started with SIGALRM blocked, which they keep.
Watchdog& start_threads() {
    sigset_t alarm;
    sigemptyset(&alarm);
    sigaddset(&alarm, SIGALRM);
    pthread_sigmask(SIG_BLOCK, &alarm, nullptr);
    static Watchdog watchdog;
    bpl::program::parallel_for(bpl::program::threads(), [](int) {}); // every worker, now
    pthread_sigmask(SIG_UNBLOCK, &alarm, nullptr);
    return watchdog;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    // The memory limit at 1 GiB keeps inputs that ask for a large host result (`⍳955 128512`: one
    // array per position) a LIMIT ERROR well inside libFuzzer's -rss_limit_mb.
    // Stages compile as in bpl (jit/): inputs that make long float chains run compiled code.
    static const bool installed = (bpl::session::install(bpl::session::Reach::Contained),
                                   bpl::program::set_memory_limit(int64_t{1} << 30), bpl::jit::install(), true);
    (void)installed;
    static Watchdog& watchdog = start_threads();
    std::string_view text(reinterpret_cast<const char*>(data), size);
    if (names_huge_number(text)) return -1; // not added to the corpus
    bpl::base::clear_interrupt();
    watchdog.start();
    try {
        NoIo io;
        bpl::lang::Context ctx(io);
        bpl::lang::run(ctx, text, [](const bpl::value::Value& v) { (void)bpl::lang::display(v); });
    } catch (const bpl::base::Error&) {
    }
    watchdog.stop();
    bpl::base::clear_interrupt();
    return 0;
}
