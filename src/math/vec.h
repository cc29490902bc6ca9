// Internal to math/: the vector routes. Each route (and try_fold) runs f on kind k with the shared formulas over
// SIMD Ops (selected by CPU features at run time) and returns true, or returns false when it has
// no vector route for (f, k) and the caller runs the scalar loop.
#pragma once

#include "math/kernel.h"

namespace bpl::math::vec {

// The instruction sets the vector routes are compiled for; Scalar turns them off (every item
// then runs the scalar route, ScalarOps), which tests use to compare routes.
enum class Isa { Avx512, Avx2, Portable, Scalar };
Isa best_isa();    // the widest this CPU supports
Isa isa();         // the one in use
void set_isa(Isa); // for tests and benchmarks; not thread-safe against running kernels

// Blocks per chunk of the contiguous block loops: a chunk's repair flags are checked, and its
// flagged lanes repaired, after the chunk (its items still in L2). The chunk loop's exit
// mispredicts once a chunk and the out-of-order window refills after it, so chunks are long: at
// 32 blocks, ln f64 ran 6% slower than with no chunks at all. Tests size their arrays by it.
inline constexpr int CHUNK_BLOCKS = 512;
// Blocks per step of a formula the binary loop runs in two stages (vec_impl.h's Staged, pow): a
// chunk is then CHUNK_BLOCKS such steps.
inline constexpr int STAGE_BLOCKS = 16;

// The routes of kind k on the instruction set in use (null where k has none); each runs f and
// returns true, or returns false when it has no route for f (math::kernel resolves them once).
UnaryRoute unary_route(Kind k);
BinaryRoute binary_route(Kind k);
bool try_fold(Fn f, Kind k, const void* a, int64_t s, int64_t n, void* out);

} // namespace bpl::math::vec
