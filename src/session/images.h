// The picture side of §22 shared by •image, •image⁻, •mime and the CLI's saving of a shown
// picture: a value read as a graphics::Picture and back, and the encoding options.
#pragma once

#include "graphics/picture.h"
#include "value/value.h"

#include <optional>
#include <string>
#include <vector>

namespace bpl::session {

using value::Value;

struct ImageOptions {
    std::string format = "png";
    std::optional<double> fps;
    std::vector<double> delays; // seconds: one for every frame, or one for each
};

// v read as a picture: rows × columns (grey), × 1–4 channels, frames first (rank 4, or rank 3
// grey frames with fps or delay). Other shapes RANK, values outside 0–1 DOMAIN, a delay count
// that is neither 1 nor the frames' LENGTH.
graphics::Picture picture_of(const Value& v, const ImageOptions& o);
// A decoded picture as a float array of 0–1 values: a grey still is rows × columns, an
// animation of several frames frames × rows × columns × channels.
Value picture_value(const graphics::Picture& p);
// The bytes of p in "png" or "jpeg" (anything else DOMAIN).
std::string encode_image(const graphics::Picture& p, const std::string& format);
// The picture PNG or JPEG bytes hold (by their signature; anything else DOMAIN).
graphics::Picture decode_image(std::string_view bytes);
// •image's left argument: a format name, or a record of `format fps delay`.
ImageOptions image_options(const Value& alpha);
// The record form (system.cpp's record reading).
ImageOptions image_options_record(const Value& alpha);

} // namespace bpl::session
