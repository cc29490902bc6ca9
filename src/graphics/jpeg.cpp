// JPEG through libjpeg-turbo's TurboJPEG API: grey pictures stay grey, colour is RGB, alpha is
// dropped on the way in.
#include "graphics/picture.h"

#include "base/error.h"

#include <turbojpeg.h>

#include <memory>

namespace bpl::graphics {

using base::Error;
using base::ErrorKind;

namespace {

[[noreturn]] void fail(tjhandle h, const char* what) {
    std::string msg = std::string("•image: JPEG ") + what + (h ? std::string(": ") + tjGetErrorStr2(h) : "");
    throw Error(ErrorKind::Domain, msg);
}

struct Handle {
    tjhandle h;
    explicit Handle(tjhandle handle) : h(handle) {
        if (!h) fail(nullptr, "codec unavailable");
    }
    ~Handle() { tjDestroy(h); }
    Handle(const Handle&) = delete;
    Handle& operator=(const Handle&) = delete;
};

} // namespace

std::string encode_jpeg(const Picture& p, int quality) {
    if (p.animated || p.frames != 1) throw Error(ErrorKind::Domain, "•image: only PNG holds an animation");
    if (p.height < 1 || p.width < 1 || p.height > 65500 || p.width > 65500)
        throw Error(ErrorKind::Domain, "•image: a JPEG picture has 1 to 65500 rows and columns");
    bool grey = p.channels <= 2;
    int out_channels = grey ? 1 : 3;
    std::vector<uint8_t> px(static_cast<size_t>(p.height * p.width * out_channels));
    for (size_t i = 0, n = static_cast<size_t>(p.height * p.width); i < n; i++)
        for (int k = 0; k < out_channels; k++) px[i * out_channels + k] = p.samples[i * p.channels + k];
    Handle c(tjInitCompress());
    unsigned char* buf = nullptr;
    unsigned long len = 0;
    if (tjCompress2(c.h, px.data(), static_cast<int>(p.width), 0, static_cast<int>(p.height),
                    grey ? TJPF_GRAY : TJPF_RGB, &buf, &len, grey ? TJSAMP_GRAY : TJSAMP_444, quality, 0))
        fail(c.h, "encoding failed");
    std::unique_ptr<unsigned char, decltype(&tjFree)> owned(buf, &tjFree);
    return std::string(reinterpret_cast<const char*>(buf), len);
}

Picture decode_jpeg(std::string_view bytes) {
    Handle d(tjInitDecompress());
    int width = 0, height = 0, sub = 0, space = 0;
    auto* src = reinterpret_cast<const unsigned char*>(bytes.data());
    if (tjDecompressHeader3(d.h, src, bytes.size(), &width, &height, &sub, &space)) fail(d.h, "data is not valid");
    if (int64_t{width} * height > (int64_t{1} << 28)) throw Error(ErrorKind::Domain, "•image: JPEG picture too large");
    Picture p;
    p.height = height, p.width = width;
    p.channels = space == TJCS_GRAY ? 1 : 3;
    p.samples.resize(static_cast<size_t>(p.frame_size()));
    if (tjDecompress2(d.h, src, bytes.size(), p.samples.data(), width, 0, height,
                      p.channels == 1 ? TJPF_GRAY : TJPF_RGB, 0))
        fail(d.h, "data is not valid");
    return p;
}

} // namespace bpl::graphics
