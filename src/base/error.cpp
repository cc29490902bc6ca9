// Error names and the assert handler.
#include "base/error.h"

#include "base/assert.h"

#include <cstdio>
#include <cstdlib>

namespace bpl::base {

namespace {
// clang-format off
constexpr const char* NAMES[] = {
    "SYNTAX ERROR",      // Syntax
    "VALUE ERROR",       // Value
    "DOMAIN ERROR",      // Domain
    "LENGTH ERROR",      // Length
    "RANK ERROR",        // Rank
    "INDEX ERROR",       // Index
    "LIMIT ERROR",       // Limit
    "NONCE ERROR",       // Nonce
    "UNSUPPORTED",       // Unsupported
    "INTERRUPT",         // Interrupt
    "IO ERROR",          // Io
    "INTERNAL ERROR",    // Internal
    "PROGRAM ERROR",     // Program (a report spells the program's own word: Error::kind_name)
};
// clang-format on
constexpr int COUNT = sizeof(NAMES) / sizeof(NAMES[0]);
static_assert(COUNT == static_cast<int>(ErrorKind::Program) + 1, "one name per ErrorKind");
} // namespace

const char* name(ErrorKind kind) { return NAMES[static_cast<int>(kind)]; }

bool kind_of_name(const std::string& text, ErrorKind* out) {
    for (int i = 0; i < COUNT; i++) {
        if (static_cast<ErrorKind>(i) == ErrorKind::Program) continue;
        std::string full = NAMES[i];
        std::string word = full.substr(0, full.find(' '));
        if (text == full || text == word) {
            *out = static_cast<ErrorKind>(i);
            return true;
        }
    }
    return false;
}

std::string Error::kind_name() const {
    if (kind_ == ErrorKind::Program) return program_kind_ + " ERROR";
    return name(kind_);
}

void fail(ErrorKind kind, const std::string& message) { throw Error(kind, message); }

void assert_fail(const char* cond, const char* msg, const char* file, int line) {
    std::fprintf(stderr, "%s:%d: assertion failed: %s (%s)\n", file, line, cond, msg);
    std::abort();
}

} // namespace bpl::base

namespace bpl::base {

Error memory_limit_error(const std::exception& e) {
    if (dynamic_cast<const std::length_error*>(&e)) return Error(ErrorKind::Limit, "a result too large to hold");
    return Error(ErrorKind::Limit, "not enough memory for this result");
}

} // namespace bpl::base
