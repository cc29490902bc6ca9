// The picture codecs: round trips through our writers and readers, and the bytes checked against
// the PNG/APNG specifications by hand (signature, chunk order, fcTL fields, CRCs from zlib).
#include "graphics/picture.h"

#include "base/error.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <cstdint>
#include <string>

namespace bpl::graphics {
namespace {

Picture still(int64_t h, int64_t w, int64_t c) {
    Picture p;
    p.height = h, p.width = w, p.channels = c;
    for (int64_t i = 0; i < h * w * c; i++) p.samples.push_back(static_cast<uint8_t>((i * 37 + 11) % 256));
    return p;
}

uint32_t be32(const std::string& s, size_t at) {
    auto b = [&](size_t i) { return static_cast<uint32_t>(static_cast<uint8_t>(s[at + i])); };
    return (b(0) << 24) | (b(1) << 16) | (b(2) << 8) | b(3);
}

// Every chunk's type in order, checking each CRC against zlib's.
std::vector<std::string> chunk_types(const std::string& png) {
    std::vector<std::string> out;
    EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
    for (size_t at = 8; at + 12 <= png.size();) {
        uint32_t n = be32(png, at);
        std::string body = png.substr(at + 4, 4 + n);
        uint32_t crc = static_cast<uint32_t>(crc32(0, reinterpret_cast<const Bytef*>(body.data()), static_cast<uInt>(body.size())));
        EXPECT_EQ(be32(png, at + 8 + n), crc) << body.substr(0, 4);
        out.push_back(body.substr(0, 4));
        at += 12 + n;
    }
    return out;
}

TEST(Png, StillRoundTripsEveryChannelCount) {
    for (int64_t c = 1; c <= 4; c++) {
        Picture p = still(3, 5, c);
        std::string bytes = encode_png(p);
        EXPECT_EQ(format_of(bytes), "png");
        Picture q = decode_png(bytes);
        EXPECT_EQ(q.height, 3);
        EXPECT_EQ(q.width, 5);
        EXPECT_EQ(q.channels, c);
        EXPECT_FALSE(q.animated);
        EXPECT_EQ(q.samples, p.samples);
        std::vector<std::string> types = chunk_types(bytes);
        EXPECT_EQ(types.front(), "IHDR");
        EXPECT_EQ(types.back(), "IEND");
    }
}

TEST(Png, AnimationWritesApngChunksAndReadsBackItsFrames) {
    Picture p = still(2, 3, 3);
    Picture second = still(2, 3, 3);
    for (uint8_t& v : second.samples) v = static_cast<uint8_t>(255 - v);
    p.samples.insert(p.samples.end(), second.samples.begin(), second.samples.end());
    p.frames = 2;
    p.animated = true;
    p.delays = {delay_of(1.0 / 24), delay_of(1.6)};
    std::string bytes = encode_png(p);
    std::vector<std::string> types = chunk_types(bytes);
    std::vector<std::string> want = {"IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "IEND"};
    EXPECT_EQ(types, want);
    size_t actl = bytes.find("acTL");
    EXPECT_EQ(be32(bytes, actl + 4), 2u); // frames
    size_t fctl = bytes.find("fcTL", actl);
    EXPECT_EQ(be32(bytes, fctl + 4), 0u); // sequence number
    EXPECT_EQ(be32(bytes, fctl + 8), 3u); // width
    EXPECT_EQ(be32(bytes, fctl + 12), 2u);
    Picture q = decode_png(bytes);
    EXPECT_TRUE(q.animated);
    EXPECT_EQ(q.frames, 2);
    EXPECT_EQ(q.samples, p.samples);
    ASSERT_EQ(q.delays.size(), 2u);
    EXPECT_EQ(q.delays[0].num, 1);
    EXPECT_EQ(q.delays[0].den, 24);
    EXPECT_EQ(q.delays[1].num, 1600);
    EXPECT_EQ(q.delays[1].den, 1000);
}

TEST(Png, DelayFractions) {
    EXPECT_EQ(delay_of(0.04).den, 25);
    EXPECT_EQ(delay_of(0.04).num, 1);
    EXPECT_EQ(delay_of(100).num, 100);
    EXPECT_EQ(delay_of(100).den, 1);
    EXPECT_EQ(delay_of(0.125).den, 8);
    EXPECT_EQ(delay_of(0.3).num, 300);
    EXPECT_EQ(delay_of(0.3).den, 1000);
    EXPECT_THROW(delay_of(-1), base::Error);
    EXPECT_THROW(delay_of(0.0001234), base::Error);
}

TEST(Png, BadBytesAreDomain) {
    EXPECT_THROW(decode_png("not a png"), base::Error);
    std::string bytes = encode_png(still(2, 2, 1));
    EXPECT_THROW(decode_png(bytes.substr(0, bytes.size() / 2)), base::Error);
}

TEST(Jpeg, GreyStaysGreyAndColourIsClose) {
    Picture g = still(8, 8, 1);
    for (uint8_t& v : g.samples) v = 128;
    std::string bytes = encode_jpeg(g);
    EXPECT_EQ(format_of(bytes), "jpeg");
    Picture q = decode_jpeg(bytes);
    EXPECT_EQ(q.channels, 1);
    for (uint8_t v : q.samples) EXPECT_NEAR(v, 128, 2);
    Picture rgba = still(4, 4, 4);
    for (size_t i = 0; i < rgba.samples.size(); i++) rgba.samples[i] = i % 4 == 0 ? 200 : (i % 4 == 3 ? 7 : 40);
    Picture c = decode_jpeg(encode_jpeg(rgba));
    EXPECT_EQ(c.channels, 3); // alpha dropped
    for (size_t i = 0; i < c.samples.size(); i++) EXPECT_NEAR(c.samples[i], i % 3 == 0 ? 200 : 40, 6);
}

TEST(Jpeg, AnimationIsDomain) {
    Picture p = still(2, 2, 1);
    p.animated = true;
    EXPECT_THROW(encode_jpeg(p), base::Error);
    EXPECT_THROW(decode_jpeg("\xff\xd8\xff garbage"), base::Error);
}

} // namespace
} // namespace bpl::graphics
