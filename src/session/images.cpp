// •image and •image⁻ (operators-and-system.md §22): pictures as arrays of 0–1 values (rows ×
// columns × 1–4 channels, frames first for an animation) read from and written to PNG, APNG and
// JPEG by graphics/'s codecs. The value side only: shapes, values and options are checked here.
#include "session/images.h"

#include "base/error.h"
#include "graphics/picture.h"
#include "lang/cells.h"
#include "prim/factory.h"
#include "session/markup.h"
#include "session/mime.h"
#include "session/names.h"
#include "value/array.h"

#include <cmath>

namespace bpl::session {

using base::Error;
using base::ErrorKind;
using graphics::Picture;
using number::Kind;
using value::Shape;

namespace {

// The float64 items of a numeric array (an observing read through one Convert node).
std::vector<double> doubles_of(const Value& v) {
    Value r = v.read();
    if (r.is_function()) throw Error(ErrorKind::Domain, "•image: a picture holds numbers 0 to 1");
    if (r.is_stored_array() && r.array_data().is_boxed()) { // mixed numbers (exact and float), item by item
        std::vector<double> out;
        for (const Value& x : lang::items_of(r)) {
            if (x.is_function() || x.rank() != 0 || x.is_char() || (x.is_number() && x.im() != 0))
                throw Error(ErrorKind::Domain, "•image: a picture holds numbers 0 to 1");
            out.push_back(prim::convert_to(x, Kind::F64).read().as_f64()); // an exact item rounds once
        }
        return out;
    }
    if (r.is_atom()) {
        if (!r.is_number()) throw Error(ErrorKind::Domain, "•image: a picture holds numbers 0 to 1");
        return {r.as_f64()};
    }
    if (r.kind() == Kind::Char || number::is_complex(r.kind()))
        throw Error(ErrorKind::Domain, "•image: a picture holds numbers 0 to 1");
    Value f = prim::convert_to(r, Kind::F64).read();
    const value::ArrayData& a = f.array_data();
    return std::vector<double>(a.items_as<double>(), a.items_as<double>() + a.count());
}

} // namespace

Picture picture_of(const Value& v, const ImageOptions& o) {
    Value r = v.read();
    Shape s = r.shape();
    bool timed = o.fps || !o.delays.empty();
    Picture p;
    // frames × rows × columns × channels; a rank-3 array with fps or delay is grey frames
    if (s.size() == 4 || (timed && s.size() == 3)) {
        p.animated = true;
        p.frames = s[0];
        s.erase(s.begin());
    }
    if (s.size() == 2) s.push_back(1);
    if (s.size() != 3 || s[2] < 1 || s[2] > 4)
        throw Error(ErrorKind::Rank, "•image: a picture is rows × columns × 1 to 4 channels (frames first for an animation)");
    p.height = s[0], p.width = s[1], p.channels = s[2];
    if (p.height < 1 || p.width < 1 || p.frames < 1) throw Error(ErrorKind::Length, "•image: a picture needs rows and columns");
    std::vector<double> d = doubles_of(r);
    p.samples.resize(d.size());
    for (size_t i = 0; i < d.size(); i++) {
        if (!(d[i] >= 0 && d[i] <= 1)) throw Error(ErrorKind::Domain, "•image: a picture holds numbers 0 to 1");
        p.samples[i] = static_cast<uint8_t>(std::lround(d[i] * 255));
    }
    if (p.animated) {
        std::vector<double> delays = o.delays;
        if (delays.empty()) delays.push_back(o.fps ? 1 / *o.fps : 0.1);
        if (delays.size() == 1) delays.resize(static_cast<size_t>(p.frames), delays[0]);
        if (static_cast<int64_t>(delays.size()) != p.frames)
            throw Error(ErrorKind::Length, "•image: delay is one number or one for each frame");
        for (double t : delays) p.delays.push_back(graphics::delay_of(t));
    }
    return p;
}

Value picture_value(const Picture& p) {
    Shape s{p.height, p.width};
    if (p.animated && p.frames > 1) s = {p.frames, p.height, p.width, p.channels};
    else if (p.channels > 1) s.push_back(p.channels);
    base::Ref<value::ArrayData> a = value::ArrayData::compact(Kind::F64, s);
    double* out = a->items_as<double>();
    for (size_t i = 0, n = static_cast<size_t>(value::count_of(s)); i < n; i++) out[i] = p.samples[i] / 255.0;
    return Value::array(std::move(a));
}

std::string encode_image(const Picture& p, const std::string& format) {
    if (format == "png") return graphics::encode_png(p);
    if (format == "jpeg" || format == "jpg") return graphics::encode_jpeg(p);
    throw Error(ErrorKind::Domain, "•image⁻: the format is \"png\" or \"jpeg\"");
}

Picture decode_image(std::string_view bytes) {
    std::string_view f = graphics::format_of(bytes);
    if (f == "png") return graphics::decode_png(bytes);
    if (f == "jpeg") return graphics::decode_jpeg(bytes);
    throw Error(ErrorKind::Domain, "•image: the bytes are neither PNG nor JPEG");
}

ImageOptions image_options_record(const Value& alpha) {
    ImageOptions o;
    for (auto& [key, v] : fields_of(alpha, "•image's options")) {
        if (key == "format") {
            o.format = text_of(v, "•image's format");
        } else if (key == "fps") {
            std::vector<double> d = doubles_of(v);
            double fps = d.size() == 1 && v.rank() == 0 ? d[0] : -1;
            if (!(fps > 0)) throw Error(ErrorKind::Domain, "•image: fps is a positive number");
            o.fps = fps;
        } else if (key == "delay") {
            o.delays = doubles_of(v);
            if (v.rank() > 1) throw Error(ErrorKind::Rank, "•image: delay is a number or a vector");
        } else {
            throw Error(ErrorKind::Domain, "•image: unknown option \"" + key + "\" (format fps delay)");
        }
    }
    return o;
}

ImageOptions image_options(const Value& alpha) {
    ImageOptions o;
    if (is_text(alpha)) {
        o.format = text_of(alpha, "•image's format");
        return o;
    }
    return image_options_record(alpha);
}

namespace {

// A decoded picture shown as itself: an animation keeps its frames' delays.
Value decoded(const Picture& p) {
    ImageOptions o;
    if (p.animated && p.frames > 1)
        for (const graphics::Delay& d : p.delays) o.delays.push_back(d.den ? static_cast<double>(d.num) / d.den : 0.01);
    return as_picture(picture_value(p), o);
}

Value image_with(const ImageOptions& o, const Value& omega) {
    Value r = omega.read();
    if (is_text(r)) return decoded(decode_image(file_bytes(r, "•image")));
    if (r.rank() == 1) return decoded(decode_image(bytes_of(r, "•image's bytes")));
    picture_of(r, o); // checked: a picture's shape and values
    return as_picture(r, o);
}

} // namespace

Value image_monad(const Value& omega) { return image_with({}, omega); }

Value image_dyad(const Value& alpha, const Value& omega) { return image_with(image_options(alpha), omega); }

Value image_encode(const Value& omega) { return byte_vector(encode_image(picture_of(omega, {}), "png")); }

Value image_encode_with(const Value& alpha, const Value& omega) {
    ImageOptions o = image_options(alpha);
    return byte_vector(encode_image(picture_of(omega, o), o.format));
}

} // namespace bpl::session
