// UTF-8 <-> code points. Source text is UTF-8; characters are Unicode code points (char32_t).
#pragma once

#include <string>
#include <string_view>

namespace bpl::base {

// Decodes UTF-8; an invalid byte becomes U+FFFD. Never throws.
std::u32string decode_utf8(std::string_view text);
// Encodes code points as UTF-8.
std::string encode_utf8(std::u32string_view text);
void append_utf8(std::string& out, char32_t c);

} // namespace bpl::base
