// Compiled stages (architecture.md §3: jit/ implements the compile interface program/compile.h
// declares): a run of float Maps emitted as one machine-code loop, each item's whole chain in
// vector registers, so nothing is stored between its steps and memory is streamed once. The code
// is each step's own formula traced by math::lower, so a compiled stage gives bit for bit what
// the block kernels give. KERNELS, the one table of compiled code, is keyed by the emitted
// structure (kind, functions, wiring), never by counts.
#pragma once

#include <cstddef>

namespace bpl::jit {

// Installs the compiler (x86-64 with AVX-512: asmjit; elsewhere nothing) as program/'s. The bpl
// executable and the tests that compile call it once.
void install() noexcept;
// Recipes KERNELS holds compiled code for (tests, reports).
size_t compiled_count() noexcept;

} // namespace bpl::jit
