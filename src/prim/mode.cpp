// The kinds mode: one process setting, initialised from BPL_KINDS.
#include "prim/mode.h"

#include <atomic>
#include <cstdlib>

namespace bpl::prim {

namespace {
Kinds from_environment() {
    const char* s = std::getenv("BPL_KINDS");
    // an unknown value is reported by the program (cli) before any call; here it is the default
    std::optional<Kinds> k = s ? parse_kinds(s) : std::nullopt;
    return k.value_or(Kinds::Dynamic);
}
std::atomic<Kinds>& mode() {
    static std::atomic<Kinds> m{from_environment()};
    return m;
}
} // namespace

Kinds kinds() { return mode().load(std::memory_order_relaxed); }
void set_kinds(Kinds k) { mode().store(k, std::memory_order_relaxed); }

std::optional<Kinds> parse_kinds(std::string_view text) {
    if (text == "static") return Kinds::Static;
    if (text == "dynamic") return Kinds::Dynamic;
    return std::nullopt;
}

} // namespace bpl::prim
