// Internal to jit/: the x86 emitter: asmjit's x86 Compiler (virtual registers, its register
// allocator), AVX-512, one vector of items a trip, the last partial vector under a lane mask;
// each step's operations from math::lower, a repairing step's flagged lanes taking its full
// formula under a mask, as its kernel's repair does.
#pragma once

#include "program/compile.h"

namespace bpl::jit {

// The recipe's code, or null where a step does not lower or no code could be made. Not
// thread-safe (KERNELS' lock serialises it). Never throws.
program::Code emit_x86(const program::Recipe& r) noexcept;

} // namespace bpl::jit
