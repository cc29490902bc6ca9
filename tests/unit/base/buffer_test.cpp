// The one allocator of item buffers and its kept large buffers (base/buffer.h).
#include "base/buffer.h"

#include <cstdint>
#include <cstring>
#include <gtest/gtest.h>

namespace bpl::base {
namespace {

constexpr size_t MiB = size_t{1} << 20;

bool aligned(const void* p, size_t a) { return reinterpret_cast<uintptr_t>(p) % a == 0; }

TEST(Buffer, SmallBuffersAreCacheLineAlignedAndNeverKept) {
    release_kept_buffers();
    std::byte* p = allocate_buffer(100);
    EXPECT_TRUE(aligned(p, 64));
    std::memset(p, 1, 100 + 64); // the padding may be read and written by block kernels
    free_buffer(p);
    EXPECT_EQ(kept_bytes(), 0u);
}

TEST(Buffer, ALargeBufferFreedIsKeptAndServesTheNextOfItsSize) {
    release_kept_buffers();
    size_t before = buffers_reused();
    std::byte* p = allocate_buffer(80 * MiB);
    EXPECT_TRUE(aligned(p, 2 * MiB));
    p[0] = std::byte{7};
    p[80 * MiB - 1] = std::byte{9};
    free_buffer(p);
    EXPECT_GE(kept_bytes(), 80 * MiB);
    std::byte* q = allocate_buffer(80 * MiB);
    EXPECT_EQ(q, p); // the same pages: nothing mapped or zeroed again
    EXPECT_EQ(buffers_reused(), before + 1);
    EXPECT_EQ(kept_bytes(), 0u);
    free_buffer(q);
    release_kept_buffers();
    EXPECT_EQ(kept_bytes(), 0u);
}

TEST(Buffer, AKeptBufferServesOnlyARequestCloseToItsSize) {
    release_kept_buffers();
    std::byte* big = allocate_buffer(64 * MiB);
    free_buffer(big);
    size_t before = buffers_reused();
    // a quarter of the size or less: a small request never pins a big buffer
    std::byte* small = allocate_buffer(8 * MiB);
    EXPECT_EQ(buffers_reused(), before);
    // and a miss returned the kept one first, so keeping never raises peak memory
    EXPECT_EQ(kept_bytes(), 0u);
    free_buffer(small);
    std::byte* larger = allocate_buffer(9 * MiB); // within the slack of the kept 8 MiB
    EXPECT_EQ(larger, small);
    EXPECT_EQ(buffers_reused(), before + 1);
    free_buffer(larger);
    std::byte* twice = allocate_buffer(17 * MiB); // over it: a new buffer
    EXPECT_NE(twice, nullptr);
    EXPECT_EQ(buffers_reused(), before + 1);
    free_buffer(twice);
    release_kept_buffers();
}

TEST(Buffer, KeptBytesStayWithinTheirBound) {
    release_kept_buffers();
    std::byte* held[5];
    for (auto& p : held) p = allocate_buffer(100 * MiB);
    for (auto& p : held) free_buffer(p);
    EXPECT_LE(kept_bytes(), KEPT_BYTES);
    EXPECT_GT(kept_bytes(), 0u);
    release_kept_buffers();
    // one larger than the bound is returned at once
    std::byte* huge = allocate_buffer(KEPT_BYTES + MiB);
    free_buffer(huge);
    EXPECT_EQ(kept_bytes(), 0u);
}

} // namespace
} // namespace bpl::base
