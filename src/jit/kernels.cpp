// KERNELS, the one table of compiled code (jit.h), and the compiler it installs.
#include "jit/jit.h"

#include "jit/x86.h"
#include "program/compile.h"

#include <map>
#include <memory>
#include <mutex>

namespace bpl::jit {

using program::Code;
using program::Recipe;

namespace {

// The key of a recipe: every fact the emitted code depends on, in words.
std::vector<uint64_t> key_of(const Recipe& r) {
    std::vector<uint64_t> k;
    k.reserve(2 * r.steps.size() + 1);
    k.push_back(static_cast<uint64_t>(r.kind) | static_cast<uint64_t>(r.streams) << 8 |
                static_cast<uint64_t>(r.ones) << 32);
    auto operand = [](const Recipe::Operand& o) {
        return static_cast<uint64_t>(o.from) << 30 | static_cast<uint64_t>(static_cast<uint32_t>(o.index) & 0x3fffffff);
    };
    for (const Recipe::Op& op : r.steps) {
        k.push_back(static_cast<uint64_t>(op.fn) | static_cast<uint64_t>(op.arity) << 8 |
                    static_cast<uint64_t>(op.kind) << 16 | static_cast<uint64_t>(op.convert) << 24);
        k.push_back(operand(op.a) | operand(op.b) << 32);
    }
    return k;
}

struct Kernels {
    std::mutex mutex;
    std::map<std::vector<uint64_t>, Code> code; // null: the recipe cannot be compiled
};

// Recipes KERNELS keeps at most: past it no more are compiled (code is never freed, and a
// program that builds ever new structures must not grow without bound).
constexpr size_t MAX_RECIPES = 4096;

Kernels& kernels() {
    static Kernels* k = new Kernels; // never destroyed: code may run during static destruction
    return *k;
}

// The compiler installed: the recipe's code from KERNELS, emitted the first time.
Code code(const Recipe& r) noexcept {
    try {
        std::vector<uint64_t> key = key_of(r);
        Kernels& k = kernels();
        std::lock_guard<std::mutex> lock(k.mutex);
        auto it = k.code.find(key);
        if (it != k.code.end()) return it->second;
        if (k.code.size() >= MAX_RECIPES) return nullptr;
        Code fn = emit_x86(r);
        k.code.emplace(std::move(key), fn);
        return fn;
    } catch (...) { // no memory for the key or the code: the block kernels serve
        return nullptr;
    }
}

} // namespace

void install() noexcept {
#if defined(__x86_64__)
    program::set_compiler(code);
#endif
}

size_t compiled_count() noexcept {
    Kernels& k = kernels();
    std::lock_guard<std::mutex> lock(k.mutex);
    size_t count = 0;
    for (const auto& [key, fn] : k.code) count += fn != nullptr;
    return count;
}

} // namespace bpl::jit
