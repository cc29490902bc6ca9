// allocate_buffer, free_buffer and the kept large buffers (buffer.h).
#include "base/buffer.h"

#include <cstdint>
#include <mutex>
#include <new>
#include <unordered_map>
#include <vector>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace bpl::base {

namespace {

constexpr size_t HUGE = size_t{1} << 21, BIG = size_t{4} << 20;
// A kept buffer serves a request of up to this much less than its size (sizes are whole huge
// pages, so a result of the same length matches exactly).
constexpr size_t SLACK_DIVISOR = 4;

// glibc maps every block above its mmap threshold (at most 32 MiB) afresh and unmaps it on free,
// so an 80 MB result made per call paid its page faults and zeroing on every call (a fused
// 10⁷-item chain: 8.8 ms against the loop's 5.6). Large buffers are therefore tracked here.
struct Large {
    std::mutex mutex;
    std::unordered_map<void*, size_t> live; // large buffers handed out: their sizes
    std::vector<std::pair<void*, size_t>> kept; // freed ones, oldest first
    size_t kept_bytes = 0;
    size_t reused = 0;
};

Large& large() {
    static Large* l = new Large; // never destroyed: arrays may be freed during static destruction
    return *l;
}

// Takes the kept buffers out under the lock; the caller frees them after unlocking.
std::vector<std::pair<void*, size_t>> take_kept(Large& l) {
    std::vector<std::pair<void*, size_t>> out;
    out.swap(l.kept);
    l.kept_bytes = 0;
    return out;
}

void free_all(const std::vector<std::pair<void*, size_t>>& buffers) noexcept {
    for (const auto& b : buffers) std::free(b.first);
}

} // namespace

// As NumPy's arrays do, big buffers ask for huge pages: first touching 80 MB of 4 KiB pages took
// 0.53 s on our development VM (2-vCPU EPYC), of huge pages 0.01-0.02 s once the kernel has them.
std::byte* allocate_buffer(size_t bytes) {
    size_t align = bytes >= BIG ? HUGE : 64;
    size_t size = (bytes + 64 + align - 1) / align * align;
    if (align != HUGE) {
        void* p = std::aligned_alloc(align, size);
        if (!p) throw std::bad_alloc();
        return static_cast<std::byte*>(p);
    }
    Large& l = large();
    std::vector<std::pair<void*, size_t>> dropped;
    {
        std::lock_guard<std::mutex> lock(l.mutex);
        size_t best = l.kept.size();
        for (size_t i = 0; i < l.kept.size(); i++) {
            size_t s = l.kept[i].second;
            if (s >= size && s - size <= size / SLACK_DIVISOR && (best == l.kept.size() || s < l.kept[best].second))
                best = i;
        }
        if (best < l.kept.size()) {
            auto [p, s] = l.kept[best];
            l.live.emplace(p, s); // may throw: nothing has changed yet
            l.kept.erase(l.kept.begin() + static_cast<std::ptrdiff_t>(best));
            l.kept_bytes -= s;
            l.reused++;
            return static_cast<std::byte*>(p);
        }
        dropped = take_kept(l); // none fits: they go back before new memory is taken
    }
    free_all(dropped);
    void* p = std::aligned_alloc(align, size);
    if (!p) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
    madvise(p, size, MADV_HUGEPAGE); // advice only: failure changes nothing
#endif
    try {
        std::lock_guard<std::mutex> lock(l.mutex);
        l.live.emplace(p, size);
    } catch (...) {
        std::free(p);
        throw;
    }
    return static_cast<std::byte*>(p);
}

void free_buffer(void* p) noexcept {
    if (!p) return;
    if (reinterpret_cast<uintptr_t>(p) % HUGE != 0) { // not large: no lock, no look-up
        std::free(p);
        return;
    }
    Large& l = large();
    {
        std::lock_guard<std::mutex> lock(l.mutex);
        auto it = l.live.find(p);
        if (it != l.live.end()) {
            size_t size = it->second;
            l.live.erase(it);
            if (size <= KEPT_BYTES) {
                try {
                    l.kept.emplace_back(p, size);
                    l.kept_bytes += size;
                    p = nullptr;
                } catch (...) { // no room to note it: it goes back now
                }
                while (l.kept_bytes > KEPT_BYTES) { // the oldest go back first
                    std::free(l.kept.front().first);
                    l.kept_bytes -= l.kept.front().second;
                    l.kept.erase(l.kept.begin());
                }
            }
        }
    }
    std::free(p);
}

void release_kept_buffers() noexcept {
    Large& l = large();
    std::vector<std::pair<void*, size_t>> dropped;
    {
        std::lock_guard<std::mutex> lock(l.mutex);
        dropped = take_kept(l);
    }
    free_all(dropped);
}

size_t kept_bytes() noexcept {
    Large& l = large();
    std::lock_guard<std::mutex> lock(l.mutex);
    return l.kept_bytes;
}

size_t buffers_reused() noexcept {
    Large& l = large();
    std::lock_guard<std::mutex> lock(l.mutex);
    return l.reused;
}

} // namespace bpl::base
