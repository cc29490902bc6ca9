// The compile interface program/ declares and jit/ implements (architecture.md §3): a block
// stage's runs of float Maps (block.cpp's segments) as recipes, and the code a compiler installed
// by the program makes of them. Without one (the Python module: Debian's asmjit is not built for
// shared objects), no stage compiles and the block kernels serve, with the same results.
#pragma once

#include "math/kernel.h"

#include <cstdint>
#include <vector>

namespace bpl::program {

// What a compiled segment computes: every step a Map whose operands are earlier steps, streams
// (items read one for one) or ones (one item for every item), or a conversion of 64-bit integers
// to float64; every item of one width (the lanes').
struct Recipe {
    struct Operand {
        enum From : uint8_t { Step, Stream, One } from;
        int32_t index;
    };
    struct Op {
        math::Fn fn;
        int arity;
        Operand a, b;
        number::Kind kind;    // the kind it computes in (a conversion: its result's)
        bool convert = false; // a: 64-bit integers to float64 (fn unused)
    };
    number::Kind kind = number::Kind::F64; // the root's: F64, F32, Int or I64 (the lane width)
    std::vector<Op> steps;                  // the last is the root, written to the result
    int streams = 0, ones = 0;
};

// Computes the recipe's root for n items: streams[j] points at item 0 of stream j, ones[j] at
// one item, out at result item 0.
using Code = void (*)(const void* const* streams, const void* const* ones, void* out, int64_t n);

// A compiler: the recipe's code (made once, kept for the process), or null where it cannot be
// made (a step that does not lower, no memory). Thread-safe; never throws.
using Compiler = Code (*)(const Recipe&) noexcept;
// Installs the compiler (jit::install does; null uninstalls). Never throws.
void set_compiler(Compiler c) noexcept;
// Whether stages compile now: a compiler is installed and the vector kernels in use are AVX-512
// (the code is AVX-512; under math::vec::set_isa to another ISA, block stages serve).
bool compiles() noexcept;
// The recipe's code from the installed compiler; null when stages do not compile here.
Code compiled(const Recipe& r) noexcept;
// Items from which a stage runs compiled code (part 8's rule: a compile of about 40 µs pays
// where it saves about 1 ns an item over the block kernels; shorter stages pay no look-up).
inline constexpr int64_t COMPILE_ITEMS = int64_t{1} << 15;

} // namespace bpl::program
