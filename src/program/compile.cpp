// The installed compiler (compile.h).
#include "program/compile.h"

#include "math/vec.h"

#include <atomic>

namespace bpl::program {

namespace {
std::atomic<Compiler> g_compiler{nullptr};
} // namespace

void set_compiler(Compiler c) noexcept { g_compiler.store(c); }

bool compiles() noexcept { return g_compiler.load() != nullptr && math::vec::isa() == math::vec::Isa::Avx512; }

Code compiled(const Recipe& r) noexcept {
    Compiler c = g_compiler.load();
    return c && compiles() && !r.steps.empty() ? c(r) : nullptr;
}

} // namespace bpl::program
