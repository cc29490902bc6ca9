// Compiled stages: an elementwise block stage emitted as one machine-code loop (asmjit), each
// item's whole chain in vector registers, so nothing is stored between its steps and memory is
// streamed once. The code is the steps' own formulas (math::lower), so a compiled stage gives
// exactly what the block kernels give. One cache of compiled code (KERNELS), keyed by the
// emitted structure (kind, steps, operand wiring), never by counts.
#pragma once

#include "math/kernel.h"

#include <cstdint>
#include <vector>

namespace bpl::program::jit {

// What a compiled elementwise stage computes: every step a Map of one float kind whose operands
// are earlier steps, streams (arrays read item for item) or ones (one item for every item).
struct Recipe {
    struct Operand {
        enum From : uint8_t { Step, Stream, One } from;
        int32_t index;
    };
    struct Op {
        math::Fn fn;
        int arity;
        Operand a, b;
    };
    number::Kind kind = number::Kind::F64; // F64 or F32
    std::vector<Op> steps;                  // the last is the root, written to the result
    int streams = 0, ones = 0;
};

// Computes the recipe's root for n items: streams[j] points at item 0 of stream j, ones[j] at
// one item, out at result item 0.
using Code = void (*)(const void* const* streams, const void* const* ones, void* out, int64_t n);

// Whether stages compile here: an emitter is installed and the vector kernels in use are AVX-512
// (the code is AVX-512; elsewhere, and under math::vec::set_isa to another ISA, block stages
// serve).
bool available() noexcept;
// The emitter: makes a recipe's code (null: it cannot). Installed once by each program that
// links bpl_jit (the bpl executable, the unit tests of program/); without one, no stage compiles.
using Emitter = Code (*)(const Recipe&) noexcept;
void set_emitter(Emitter e) noexcept;
// Installs the x86 emitter (jit_x86.cpp, library bpl_jit) on x86-64; elsewhere does nothing.
void install_x86_emitter() noexcept;
// The recipe's code from KERNELS, compiled the first time it is asked for. Null when it cannot
// be made (a step that does not lower, no AVX-512, no memory, KERNELS full): the block kernels
// then serve. Thread-safe; never throws.
Code code(const Recipe& r) noexcept;
// Items from which a stage runs compiled code (part 8's rule: a compile of about 40 µs pays
// where it saves about 1 ns an item over the block kernels; shorter stages pay no look-up).
inline constexpr int64_t COMPILE_ITEMS = int64_t{1} << 15;
// Compiled recipes (tests, reports).
size_t compiled_count() noexcept;

} // namespace bpl::program::jit
