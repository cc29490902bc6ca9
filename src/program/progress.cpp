// The progress line: drawn on file descriptor 2 with a carriage return, erased with the
// terminal's erase-line sequence.
#include "program/progress.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

namespace bpl::program {

namespace {
bool g_on = false;
std::chrono::steady_clock::duration g_after = std::chrono::seconds(2);
std::atomic<int> g_running{0}; // reads under way: only the outermost (first) one draws

void put(const std::string& s) {
    for (size_t at = 0; at < s.size();) {
        ssize_t n = ::write(2, s.data() + at, s.size() - at);
        if (n <= 0) return;
        at += static_cast<size_t>(n);
    }
}
} // namespace

void set_progress(bool on) {
    g_on = on;
    if (const char* env = std::getenv("BPL_PROGRESS_AFTER")) {
        char* end = nullptr;
        double s = std::strtod(env, &end);
        if (end != env && *end == 0 && s >= 0)
            g_after = std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(s));
    }
}

ProgressLine::ProgressLine(size_t stages) : total_(stages) {
    if (g_running++ || !g_on || stages < 2) return;
    active_ = true;
    start_ = std::chrono::steady_clock::now();
}

ProgressLine::~ProgressLine() {
    g_running--;
    if (drawn_) put("\r\x1b[K");
}

void ProgressLine::draw(size_t done) {
    auto now = std::chrono::steady_clock::now();
    if (now - start_ < g_after || (drawn_ && now - last_ < std::chrono::milliseconds(100)) || done >= total_) return;
    last_ = now;
    drawn_ = true;
    put("\r" + std::to_string(done) + " of " + std::to_string(total_) + " stages\x1b[K");
}

} // namespace bpl::program
