// Pictures as the codecs see them: 8-bit samples, frames × rows × columns × channels (1 grey,
// 2 grey and alpha, 3 RGB, 4 RGBA), and for an animation each frame's delay as the fraction
// APNG stores. The PNG (still and animated) and JPEG codecs; errors are DOMAIN with a message.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bpl::graphics {

// A frame's delay in seconds as APNG's fraction num/den (16 bits each).
struct Delay {
    uint16_t num = 1;
    uint16_t den = 10;
};

struct Picture {
    int64_t frames = 1, height = 0, width = 0, channels = 1;
    bool animated = false;        // an APNG: frames stay frames even when there is one
    std::vector<uint8_t> samples; // frames·height·width·channels, row-major
    std::vector<Delay> delays;    // one per frame when animated
    int64_t frame_size() const { return height * width * channels; }
};

// A delay of `seconds` as num/den: 1/n for a whole rate n, else milliseconds when whole and in
// range, else whole seconds; anything else (negative, too long, not representable) is DOMAIN.
Delay delay_of(double seconds);

// PNG: a still picture through libspng; an animation as APNG (acTL, fcTL and fdAT chunks
// written and read here, each frame's pixels filtered and compressed by libspng).
std::string encode_png(const Picture& p);
Picture decode_png(std::string_view bytes);

// JPEG through libjpeg-turbo: alpha is dropped (grey stays grey); an animation is DOMAIN.
std::string encode_jpeg(const Picture& p, int quality = 92);
Picture decode_jpeg(std::string_view bytes);

// Which codec the bytes' signature names: "png", "jpeg", or "" for neither.
std::string_view format_of(std::string_view bytes);

} // namespace bpl::graphics
