// Item buffers: the one allocator of large scratch and item storage (value/'s arrays, math/'s sort
// scratch). Nothing about kinds or arrays lives here.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <memory>

namespace bpl::base {

// `bytes` of uninitialized storage, 64-byte aligned and padded by 64 bytes, so vector kernels may
// read whole blocks. One of 4 MiB or more is 2 MiB aligned and asks for transparent huge pages.
// Throws std::bad_alloc. Free with std::free (BufferDelete).
std::byte* allocate_buffer(size_t bytes);

struct BufferDelete {
    void operator()(void* p) const noexcept { std::free(p); }
};

// n uninitialized items of a trivial type T in one buffer.
template <class T>
std::unique_ptr<T[], BufferDelete> buffer_of(size_t n) {
    return std::unique_ptr<T[], BufferDelete>(reinterpret_cast<T*>(allocate_buffer(n * sizeof(T))));
}

} // namespace bpl::base
