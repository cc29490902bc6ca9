// PNG and animated PNG. libspng filters, compresses and decodes every frame's pixels; this file
// owns the chunk layer APNG adds (acTL, fcTL, fdAT: https://wiki.mozilla.org/APNG_Specification):
// an animation is written as libspng's still PNG of each frame with its IDAT data moved into
// the frame's chunks, and read back by decoding each frame's data as a still PNG of the frame's
// size and compositing it onto the canvas (blend and dispose operations).
#include "graphics/picture.h"

#include "base/error.h"

#include <spng.h>
#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>

namespace bpl::graphics {

using base::Error;
using base::ErrorKind;

namespace {

constexpr std::string_view SIGNATURE{"\x89PNG\r\n\x1a\n", 8};

[[noreturn]] void fail(const std::string& what) { throw Error(ErrorKind::Domain, "•image: " + what); }

struct Ctx {
    spng_ctx* ctx;
    explicit Ctx(int flags) : ctx(spng_ctx_new(flags)) {
        if (!ctx) throw Error(ErrorKind::Domain, "•image: out of memory");
    }
    ~Ctx() { spng_ctx_free(ctx); }
    Ctx(const Ctx&) = delete;
    Ctx& operator=(const Ctx&) = delete;
};

void check(int rc) {
    if (rc) fail(std::string("PNG: ") + spng_strerror(rc));
}

uint32_t be32(const uint8_t* p) {
    return (uint32_t{p[0]} << 24) | (uint32_t{p[1]} << 16) | (uint32_t{p[2]} << 8) | p[3];
}
uint16_t be16(const uint8_t* p) { return static_cast<uint16_t>((p[0] << 8) | p[1]); }
void put32(std::string& s, uint32_t v) {
    for (int sh = 24; sh >= 0; sh -= 8) s.push_back(static_cast<char>((v >> sh) & 0xff));
}
void put16(std::string& s, uint16_t v) {
    s.push_back(static_cast<char>(v >> 8));
    s.push_back(static_cast<char>(v & 0xff));
}

void put_chunk(std::string& out, std::string_view type, std::string_view data) {
    put32(out, static_cast<uint32_t>(data.size()));
    std::string body(type);
    body += data;
    out += body;
    put32(out, static_cast<uint32_t>(crc32(0, reinterpret_cast<const Bytef*>(body.data()),
                                           static_cast<uInt>(body.size()))));
}

struct Chunk {
    std::string_view type, data;
};

// The chunks after the signature (CRCs are libspng's to check when a frame is decoded).
std::vector<Chunk> chunks_of(std::string_view bytes) {
    if (bytes.substr(0, 8) != SIGNATURE) fail("not PNG data");
    std::vector<Chunk> out;
    size_t at = 8;
    while (at + 12 <= bytes.size()) {
        uint32_t n = be32(reinterpret_cast<const uint8_t*>(bytes.data() + at));
        if (n > bytes.size() - at - 12) fail("truncated PNG data");
        out.push_back({bytes.substr(at + 4, 4), bytes.substr(at + 8, n)});
        at += 12 + n;
        if (out.back().type == "IEND") break;
    }
    return out;
}

uint8_t color_type(int64_t channels) {
    switch (channels) {
    case 1: return SPNG_COLOR_TYPE_GRAYSCALE;
    case 2: return SPNG_COLOR_TYPE_GRAYSCALE_ALPHA;
    case 3: return SPNG_COLOR_TYPE_TRUECOLOR;
    default: return SPNG_COLOR_TYPE_TRUECOLOR_ALPHA;
    }
}

// One frame as a still PNG by libspng.
std::string encode_still(const uint8_t* samples, int64_t height, int64_t width, int64_t channels) {
    if (height < 1 || width < 1 || height > 0x7fffffff || width > 0x7fffffff) fail("a picture needs rows and columns");
    Ctx c(SPNG_CTX_ENCODER);
    check(spng_set_option(c.ctx, SPNG_ENCODE_TO_BUFFER, 1));
    spng_ihdr ihdr{};
    ihdr.width = static_cast<uint32_t>(width);
    ihdr.height = static_cast<uint32_t>(height);
    ihdr.bit_depth = 8;
    ihdr.color_type = color_type(channels);
    check(spng_set_ihdr(c.ctx, &ihdr));
    size_t n = static_cast<size_t>(height * width * channels);
    check(spng_encode_image(c.ctx, samples, n, SPNG_FMT_PNG, SPNG_ENCODE_FINALIZE));
    size_t len = 0;
    int err = 0;
    std::unique_ptr<void, decltype(&std::free)> buf(spng_get_png_buffer(c.ctx, &len, &err), &std::free);
    check(err);
    return std::string(static_cast<const char*>(buf.get()), len);
}

// The channels a decoded PNG keeps: its colour type's, with alpha when tRNS gives one.
int64_t channels_of(const spng_ihdr& ihdr, bool trns) {
    switch (ihdr.color_type) {
    case SPNG_COLOR_TYPE_GRAYSCALE: return trns ? 2 : 1;
    case SPNG_COLOR_TYPE_GRAYSCALE_ALPHA: return 2;
    case SPNG_COLOR_TYPE_TRUECOLOR:
    case SPNG_COLOR_TYPE_INDEXED: return trns ? 4 : 3;
    default: return 4;
    }
}

// A still PNG as RGBA8 (width, height and the channels its colour type has).
struct Rgba {
    uint32_t width = 0, height = 0;
    int64_t channels = 0;
    std::vector<uint8_t> px;
};

Rgba decode_rgba(std::string_view bytes) {
    Ctx c(0);
    check(spng_set_png_buffer(c.ctx, bytes.data(), bytes.size()));
    spng_ihdr ihdr{};
    check(spng_get_ihdr(c.ctx, &ihdr));
    if (uint64_t{ihdr.width} * ihdr.height > (uint64_t{1} << 28)) fail("PNG picture too large");
    spng_trns trns{};
    bool has_trns = spng_get_trns(c.ctx, &trns) == 0;
    size_t n = 0;
    check(spng_decoded_image_size(c.ctx, SPNG_FMT_RGBA8, &n));
    Rgba r{ihdr.width, ihdr.height, channels_of(ihdr, has_trns), std::vector<uint8_t>(n)};
    check(spng_decode_image(c.ctx, r.px.data(), n, SPNG_FMT_RGBA8, SPNG_DECODE_TRNS));
    return r;
}

// RGBA8 pixels reduced to `channels` (grey from the red sample: grey PNGs decode with R=G=B).
void keep_channels(const uint8_t* rgba, size_t pixels, int64_t channels, uint8_t* out) {
    for (size_t i = 0; i < pixels; i++) {
        const uint8_t* p = rgba + 4 * i;
        switch (channels) {
        case 1: *out++ = p[0]; break;
        case 2: *out++ = p[0], *out++ = p[3]; break;
        case 3: *out++ = p[0], *out++ = p[1], *out++ = p[2]; break;
        default: std::memcpy(out, p, 4), out += 4;
        }
    }
}

std::string encode_apng(const Picture& p) {
    std::string out(SIGNATURE);
    uint32_t seq = 0;
    for (int64_t f = 0; f < p.frames; f++) {
        std::string still = encode_still(p.samples.data() + f * p.frame_size(), p.height, p.width, p.channels);
        std::vector<Chunk> cs = chunks_of(still);
        if (f == 0) {
            for (const Chunk& c : cs)
                if (c.type == "IHDR") put_chunk(out, "IHDR", c.data);
            std::string actl;
            put32(actl, static_cast<uint32_t>(p.frames));
            put32(actl, 0); // plays forever
            put_chunk(out, "acTL", actl);
        }
        std::string fctl;
        put32(fctl, seq++);
        put32(fctl, static_cast<uint32_t>(p.width));
        put32(fctl, static_cast<uint32_t>(p.height));
        put32(fctl, 0);
        put32(fctl, 0);
        put16(fctl, p.delays[static_cast<size_t>(f)].num);
        put16(fctl, p.delays[static_cast<size_t>(f)].den);
        fctl.push_back(0); // dispose: none
        fctl.push_back(0); // blend: source
        put_chunk(out, "fcTL", fctl);
        for (const Chunk& c : cs) {
            if (c.type != "IDAT") continue;
            if (f == 0) {
                put_chunk(out, "IDAT", c.data);
            } else {
                std::string fdat;
                put32(fdat, seq++);
                fdat += c.data;
                put_chunk(out, "fdAT", fdat);
            }
        }
    }
    put_chunk(out, "IEND", "");
    return out;
}

// A frame region as read from its fcTL.
struct Frame {
    uint32_t width, height, x, y;
    Delay delay;
    uint8_t dispose, blend;
    std::string data; // the frame's compressed image data
};

Picture decode_apng(const std::vector<Chunk>& cs, uint32_t frames_declared) {
    std::string_view ihdr;
    std::vector<std::string_view> before_data; // PLTE, tRNS: copied into every frame's still
    std::vector<Frame> frames;
    bool frame_open = false;
    for (const Chunk& c : cs) {
        if (c.type == "IHDR") ihdr = c.data;
        else if (c.type == "PLTE" || c.type == "tRNS") // the whole chunk: length, type, data, CRC
            before_data.emplace_back(c.data.data() - 8, c.data.size() + 12);
        else if (c.type == "fcTL") {
            if (c.data.size() != 26) fail("bad fcTL chunk");
            auto* d = reinterpret_cast<const uint8_t*>(c.data.data());
            frames.push_back({be32(d + 4), be32(d + 8), be32(d + 12), be32(d + 16), {be16(d + 20), be16(d + 22)},
                              d[24], d[25], {}});
            frame_open = true;
        } else if (c.type == "IDAT" && frame_open) {
            frames.back().data += c.data;
        } else if (c.type == "fdAT" && frame_open) {
            if (c.data.size() < 4) fail("bad fdAT chunk");
            frames.back().data += c.data.substr(4);
        }
    }
    if (ihdr.size() != 13 || frames.empty() || frames.size() != frames_declared) fail("bad APNG data");
    auto* h = reinterpret_cast<const uint8_t*>(ihdr.data());
    uint32_t width = be32(h), height = be32(h + 4);
    if (uint64_t{width} * height * frames.size() > (uint64_t{1} << 28)) fail("APNG picture too large");
    std::vector<uint8_t> canvas(size_t{width} * height * 4, 0);
    Picture p;
    p.animated = true;
    p.width = width, p.height = height;
    p.frames = static_cast<int64_t>(frames.size());
    for (const Frame& f : frames) {
        if (f.width == 0 || f.height == 0 || uint64_t{f.x} + f.width > width || uint64_t{f.y} + f.height > height)
            fail("an APNG frame lies outside the picture");
        std::string ih; // the picture's header at the frame's size
        put32(ih, f.width);
        put32(ih, f.height);
        ih += ihdr.substr(8);
        std::string still(SIGNATURE);
        put_chunk(still, "IHDR", ih);
        for (std::string_view raw : before_data) still += raw;
        put_chunk(still, "IDAT", f.data);
        put_chunk(still, "IEND", "");
        Rgba r = decode_rgba(still);
        p.channels = r.channels;
        std::vector<uint8_t> saved = canvas; // what dispose "previous" restores
        for (uint32_t y = 0; y < f.height; y++)
            for (uint32_t x = 0; x < f.width; x++) {
                const uint8_t* s = &r.px[(size_t{y} * f.width + x) * 4];
                uint8_t* d = &canvas[(size_t{f.y + y} * width + f.x + x) * 4];
                if (f.blend == 0 || s[3] == 255) {
                    std::memcpy(d, s, 4);
                } else if (s[3] != 0) { // "over": straight alpha compositing
                    double as = s[3] / 255.0, ad = d[3] / 255.0, ao = as + ad * (1 - as);
                    for (int k = 0; k < 3; k++)
                        d[k] = static_cast<uint8_t>(std::lround((s[k] * as + d[k] * ad * (1 - as)) / ao));
                    d[3] = static_cast<uint8_t>(std::lround(ao * 255));
                }
            }
        size_t at = p.samples.size();
        p.samples.resize(at + size_t{width} * height * static_cast<size_t>(p.channels));
        keep_channels(canvas.data(), size_t{width} * height, p.channels, p.samples.data() + at);
        p.delays.push_back(f.delay);
        if (f.dispose == 1) { // to background: the region cleared
            for (uint32_t y = 0; y < f.height; y++)
                std::memset(&canvas[(size_t{f.y + y} * width + f.x) * 4], 0, size_t{f.width} * 4);
        } else if (f.dispose == 2) {
            canvas = std::move(saved);
        }
    }
    return p;
}

} // namespace

Delay delay_of(double seconds) {
    if (!(seconds >= 0) || seconds > 65535) fail("a delay is a number of seconds from 0 to 65535");
    if (seconds > 0) {
        double rate = 1 / seconds; // 1/n within rounding (1÷24 as a float64 is not exactly 1/24)
        if (std::abs(rate - std::round(rate)) < 1e-9 * rate && std::round(rate) <= 65535)
            return {1, static_cast<uint16_t>(std::round(rate))};
    }
    double ms = seconds * 1000;
    if (std::abs(ms - std::round(ms)) < 1e-9 * std::max(1.0, ms) && std::round(ms) <= 65535)
        return {static_cast<uint16_t>(std::round(ms)), 1000};
    if (seconds == std::round(seconds)) return {static_cast<uint16_t>(seconds), 1};
    fail("a delay must be 1/n seconds, whole milliseconds or whole seconds");
}

std::string encode_png(const Picture& p) {
    if (p.channels < 1 || p.channels > 4) fail("a picture has 1 to 4 channels");
    if (p.animated) {
        if (p.delays.size() != static_cast<size_t>(p.frames)) throw Error(ErrorKind::Length, "•image: one delay per frame");
        return encode_apng(p);
    }
    return encode_still(p.samples.data(), p.height, p.width, p.channels);
}

Picture decode_png(std::string_view bytes) {
    std::vector<Chunk> cs = chunks_of(bytes);
    for (const Chunk& c : cs)
        if (c.type == "acTL") {
            if (c.data.size() != 8) fail("bad acTL chunk");
            return decode_apng(cs, be32(reinterpret_cast<const uint8_t*>(c.data.data())));
        }
    Rgba r = decode_rgba(bytes);
    Picture p;
    p.height = r.height, p.width = r.width, p.channels = r.channels;
    p.samples.resize(size_t{r.width} * r.height * static_cast<size_t>(r.channels));
    keep_channels(r.px.data(), size_t{r.width} * r.height, r.channels, p.samples.data());
    return p;
}

std::string_view format_of(std::string_view bytes) {
    if (bytes.substr(0, 8) == SIGNATURE) return "png";
    if (bytes.size() >= 3 && bytes.substr(0, 3) == std::string_view("\xff\xd8\xff", 3)) return "jpeg";
    return "";
}

} // namespace bpl::graphics
