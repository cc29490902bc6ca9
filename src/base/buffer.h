// Item buffers: the one allocator of large scratch and item storage (value/'s arrays, math/'s sort
// scratch), and the one place freed large buffers are kept for reuse. Nothing about kinds or
// arrays lives here.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <memory>

namespace bpl::base {

// `bytes` of uninitialized storage, 64-byte aligned and padded by 64 bytes, so vector kernels may
// read whole blocks. One of 4 MiB or more is 2 MiB aligned and asks for transparent huge pages,
// and may be a kept buffer (below) whose pages are already mapped. Throws std::bad_alloc. Free
// with free_buffer (BufferDelete).
std::byte* allocate_buffer(size_t bytes);

// Frees a buffer from allocate_buffer (null is ignored). A large one is kept, not returned to the
// system, for the next large allocation it fits: an array made and dropped per call then reuses
// its pages instead of mapping and zeroing fresh ones every time. Kept buffers never raise peak
// memory: an allocation that no kept buffer fits first returns them all to the system, and at
// most KEPT_BYTES are kept. Thread-safe.
void free_buffer(void* p) noexcept;

// Returns every kept buffer to the system (a memory limit about to be reached; tests).
void release_kept_buffers() noexcept;
// Bytes kept now, and the count of allocations a kept buffer served (tests, reports).
size_t kept_bytes() noexcept;
size_t buffers_reused() noexcept;
inline constexpr size_t KEPT_BYTES = size_t{256} << 20;

struct BufferDelete {
    void operator()(void* p) const noexcept { free_buffer(p); }
};

// n uninitialized items of a trivial type T in one buffer.
template <class T>
std::unique_ptr<T[], BufferDelete> buffer_of(size_t n) {
    return std::unique_ptr<T[], BufferDelete>(reinterpret_cast<T*>(allocate_buffer(n * sizeof(T))));
}

} // namespace bpl::base
