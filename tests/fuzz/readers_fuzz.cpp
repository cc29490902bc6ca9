// Fuzz target: the data readers of the system library (•json, •csv, •r, •date) on arbitrary
// text. The first byte chooses the reader; the rest is its text (UTF-8 where it decodes, else
// each byte a character, so malformed encodings reach the readers as odd characters). For •r the
// text splits at its first NUL into pattern and subject, and both matching and replacement run;
// for •date a NUL splits a strptime pattern from the text. Only BPL errors may leave a call. The
// session is contained (no file access).
#include "base/error.h"
#include "base/utf8.h"
#include "lang/display.h"
#include "lang/run.h"
#include "session/session.h"
#include "value/array.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace {

class NoIo : public bpl::lang::Io {
  public:
    void print(const std::string&) override {}
    std::optional<std::string> read_line() override { return std::nullopt; }
};

std::u32string chars(std::string_view bytes) {
    try {
        return bpl::base::decode_utf8(bytes);
    } catch (const bpl::base::Error&) {
        std::u32string s;
        for (unsigned char b : bytes) s.push_back(b);
        return s;
    }
}

// The programs, one per reader; `t` is the text, `p` the pattern.
constexpr const char* PROGRAMS[] = {
    "•json t",
    "•json⁻ •json t",
    "•csv t",
    "p←•r p ⋄ (p.matches t) ⋄ \"<$1${x}$$>\" p.replace t",
    "•date t",
    "p •date t",
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const bool installed = (bpl::session::install(bpl::session::Reach::Contained), true);
    (void)installed;
    if (size == 0) return -1;
    const char* program = PROGRAMS[data[0] % (sizeof PROGRAMS / sizeof *PROGRAMS)];
    std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
    size_t nul = rest.find('\0');
    std::string_view first = nul == std::string_view::npos ? std::string_view() : rest.substr(0, nul);
    std::string_view text = nul == std::string_view::npos ? rest : rest.substr(nul + 1);
    try {
        NoIo io;
        bpl::lang::Context ctx(io);
        bpl::lang::set_global(ctx, "t", bpl::value::char_vector(chars(text)));
        bpl::lang::set_global(ctx, "p", bpl::value::char_vector(chars(first)));
        bpl::lang::run(ctx, program, [](const bpl::value::Value& v) { (void)bpl::lang::display(v); });
    } catch (const bpl::base::Error&) {
    }
    return 0;
}
