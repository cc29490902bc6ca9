// Test helper for lang's end-to-end tests: run source text in a fresh Context with no output
// and give the display of its last result, or the error report.
#pragma once

#include "lang/display.h"
#include "lang/run.h"

#include <string>
#include <string_view>

namespace bpl::lang::test {

class QuietIo : public Io {
  public:
    void print(const std::string&) override {}
    std::optional<std::string> read_line() override { return std::nullopt; }
};

inline std::string last_display(std::string_view src) {
    QuietIo io;
    Context ctx(io);
    std::string out;
    try {
        run(ctx, src, [&](const value::Value& v) { out = display(v); });
    } catch (const base::Error& e) {
        out = error_report(e, src);
    }
    return out;
}

} // namespace bpl::lang::test
