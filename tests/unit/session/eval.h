// Test helper for session's end-to-end tests: run source text in a fresh Context with no output
// and give the display of its last result, or "KIND: message" for an error (the kind's name, so
// tests can check the kind with a prefix). value_of runs in a given Context and gives the value.
#pragma once

#include "../lang/last_display.h" // lang::test::QuietIo, the one silent Io of the tests

#include <string>
#include <string_view>

namespace bpl::session::test {

using SilentIo = lang::test::QuietIo;

inline std::string eval(std::string_view src) {
    SilentIo io;
    lang::Context ctx(io);
    std::string out;
    try {
        lang::run(ctx, src, [&](const value::Value& v) { out = lang::display(v); });
    } catch (const base::Error& e) {
        out = std::string(base::name(e.kind())) + ": " + e.what();
    }
    return out;
}

// The last value src gives in ctx (errors propagate).
inline value::Value value_of(lang::Context& ctx, std::string_view src) {
    value::Value out;
    lang::run(ctx, src, [&](const value::Value& v) { out = v; });
    return out;
}

} // namespace bpl::session::test
