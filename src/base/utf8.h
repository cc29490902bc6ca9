// UTF-8 <-> code points. Source text is UTF-8; characters are Unicode code points (char32_t).
#pragma once

#include <string>
#include <string_view>

namespace bpl::base {

// The code point whose UTF-8 encoding starts at text[i], and its length in bytes in *length;
// *length is 0 when the bytes there are not well-formed UTF-8 (a stray continuation byte, an
// overlong form such as C0 AB for '+', a surrogate, a value past U+10FFFF, a truncated sequence).
char32_t decode_one(std::string_view text, size_t i, size_t* length);
// Decodes UTF-8; each byte that does not start a well-formed sequence becomes U+FFFD. Never throws.
std::u32string decode_utf8(std::string_view text);
// Encodes code points as UTF-8.
std::string encode_utf8(std::u32string_view text);
void append_utf8(std::string& out, char32_t c);
// Appends UTF-8 text as a JSON string: quoted, `" \\` and the control characters escaped (\b \f
// \n \r \t by name, the rest as \u00XX), every other byte as it is. The one JSON string writer
// (the case runner's report, the worker, •json⁻, tensorcode's artifacts).
void append_json_string(std::string& out, std::string_view utf8);
std::string json_string(std::string_view utf8);

} // namespace bpl::base
