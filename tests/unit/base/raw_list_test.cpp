// RawList: a cursor's writes survive growth, finish() sets the size, and the list reads, copies
// and compares as a vector would (std::vector as the oracle).
#include "base/raw_list.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

using bpl::base::RawList;

namespace {

// Writes n items through a cursor, checking room k at a time the way the reader does.
std::vector<uint64_t> fill(RawList<uint64_t>& list, size_t n, size_t k, uint64_t seed) {
    std::vector<uint64_t> want;
    auto c = list.rewrite();
    for (size_t i = 0; i < n; i += k) {
        if (!c.fits(k)) c = list.grow(c.p, k);
        for (size_t j = 0; j < k && i + j < n; j++) {
            uint64_t x = seed * 1000003 + i + j;
            *c.p++ = x;
            want.push_back(x);
        }
    }
    list.finish(c.p);
    return want;
}

} // namespace

TEST(RawList, CursorWritesSurviveGrowth) {
    RawList<uint64_t> list;
    for (size_t n : {0u, 1u, 15u, 16u, 17u, 100u, 5000u, 3u}) { // grows, then rewrites in its room
        for (size_t k : {1u, 3u, 64u}) {
            std::vector<uint64_t> want = fill(list, n, k, n + k);
            ASSERT_EQ(list.size(), want.size());
            EXPECT_TRUE(std::equal(list.begin(), list.end(), want.begin()));
        }
    }
    EXPECT_GE(list.capacity(), 5000u);
}

TEST(RawList, ReadsCopiesAndComparesAsAVector) {
    RawList<int32_t> a;
    std::vector<int32_t> want;
    for (int32_t i = 0; i < 1000; i++) { // grown an item at a time: each resize keeps the items
        a.resize(a.size() + 1);
        a[a.size() - 1] = i * 7 - 3;
        want.push_back(i * 7 - 3);
    }
    ASSERT_EQ(a.size(), want.size());
    EXPECT_EQ(a.back(), want.back());
    RawList<int32_t> b = a;
    EXPECT_TRUE(a == b);
    b[500] = 0;
    EXPECT_FALSE(a == b);
    b = a;
    EXPECT_TRUE(a == b);
    b.resize(999);
    EXPECT_FALSE(a == b);
    RawList<int32_t> c = std::move(b);
    EXPECT_EQ(c.size(), 999u);
    EXPECT_TRUE(std::equal(c.begin(), c.end(), want.begin()));
    c.clear();
    EXPECT_TRUE(c.empty());
    EXPECT_TRUE(RawList<int32_t>() == c);
}
