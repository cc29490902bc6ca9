// Counter-based random streams (decisions.md D20) and the routines the engine runs as Draw steps:
// roll and deal. One home for the generator: its state (a seed and a count of streams handed out)
// lives here and nowhere else. Every draw is a pure function of (stream key, item, word), so a
// read is repeatable and independent of evaluation order or chunking.
#pragma once

#include "math/kernel.h"

#include <array>
#include <cstdint>

namespace bpl::math {

// One block of Philox4x32-10 (Salmon, Moraes, Dror, Shaw, "Parallel random numbers: as easy as
// 1, 2, 3", SC'11): a keyed bijection of the 128-bit counter. Matches Random123's known answers.
std::array<uint32_t, 4> philox4x32(std::array<uint32_t, 4> counter,
                                   std::array<uint32_t, 2> key) noexcept;

// Word `word` (64 bits) of item `item` of the stream keyed `key`. Items and words never share a
// counter, so an item's rejected draws use words no other item reads.
uint64_t stream_word(uint64_t key, uint64_t item, uint64_t word) noexcept;
// A uniform integer in [0, n) for item `item` (n >= 1): Lemire's multiply-shift on the item's
// word 0, a rejected word replaced by the item's next word (unbiased; rejection is rare).
uint64_t stream_below(uint64_t key, uint64_t item, uint64_t n) noexcept;
// A float64 strictly inside (0, 1): (k + 1/2)·2⁻⁵² from 52 bits of the item's word 0, so
// neither 0 nor 1 (nor a rounding to them) can occur.
double stream_open_unit(uint64_t key, uint64_t item) noexcept;

// Where a draw's items come from: items [first, first + count) of the stream keyed `key`.
struct DrawSpan {
    uint64_t key = 0;
    uint64_t first = 0;
};

// A generator: a seed and a counter of streams handed out. Each stream's key is derived from
// (seed, stream number) by one Philox block, so streams are independent and never overlap.
class Generator {
  public:
    explicit Generator(uint64_t seed) noexcept : seed_(seed) {}
    // A generator of one stream (•rand, §20.1): each draw takes the next items of its seed's
    // first stream, so values sharing it advance together and equal seeds draw equal items.
    static Generator sequential(uint64_t seed) noexcept;
    // The items a draw of `count` items reads: a fresh stream from item 0, or for a sequential
    // generator the next `count` items of its stream. Count 0, or a live Hold: {0, 0}, which
    // takes nothing. Never throws.
    DrawSpan take(uint64_t count) noexcept;
    // The key of a fresh stream; advances the counter by one. While a Hold lives it hands out
    // no stream: it returns 0, the key of draws that take nothing from the generator. Never
    // throws.
    uint64_t reserve() noexcept;
    // Held while a call runs on prototypes only (an empty Each draws nothing, functions.md
    // §2.16): the draws such a call builds reserve no stream. Holds nest.
    class Hold {
      public:
        explicit Hold(Generator& g) noexcept : g_(g) { g_.holds_++; }
        ~Hold() { g_.holds_--; }
        Hold(const Hold&) = delete;
        Hold& operator=(const Hold&) = delete;

      private:
        Generator& g_;
    };
    // Restarts the generator at its first stream of `seed` (•prefs "seed", a target setting).
    void rekey(uint64_t seed) noexcept {
        seed_ = seed;
        next_ = 0;
    }
    uint64_t seed() const noexcept { return seed_; }
    uint64_t streams() const noexcept { return next_; }

  private:
    uint64_t seed_;
    uint64_t next_ = 0;
    uint32_t holds_ = 0;
    bool sequential_ = false;
    uint64_t key_ = 0;       // a sequential generator's stream
    uint64_t next_item_ = 0; // and the next item a draw takes from it
};

// The session generator: one per process, starting at SESSION_SEED so that a program's draws
// repeat from run to run (a forked case runner's child starts where its parent stands). Draws
// reserve their stream when they are built (prim's Draw rows).
inline constexpr uint64_t SESSION_SEED = 0x42504C2052414E44ULL; // "BPL RAND"
Generator& session_generator() noexcept;

// clang-format off
// The routines of the Draw step (graph::Step::Draw params[0]).
enum class Draw : uint8_t {
    // params[2] of every routine: the stream item of the result's item 0 (DrawSpan::first)
    Roll, // operands: bounds N (kind k), key → out: per item a uniform integer in [0, N), or a
          //   float in (0, 1) where N is 0
    Deal, // operands: bound N (Int atom), key; params[1]: M → out: M distinct integers in [0, N)
    Sample, // operands: a distribution's encoding [family θ₁ θ₂] (F64), key → out: items drawn
            //   by inversion (math/distribution.h), float64 or Int for a discrete family
};
// clang-format on

// Roll: out[i] for the bound n[i·sn] (items of kind `in`: an integer or float kind), written as
// kind `out_kind` (`in`, or F64 when an integer bound may be 0). A bound that is negative, not
// integral (within tolerance for float64), infinite, or 2⁶⁴ or more records DOMAIN in the slot.
// Item i draws from stream item first + i. Never throws, never allocates.
void roll(Kind in, const void* n, int64_t sn, Kind out_kind, void* out, int64_t count, uint64_t key,
          uint64_t first, ErrorSlot& slot) noexcept;
// Deal: m distinct integers of [0, n) in random order (0 <= m <= n, the caller's check), written
// as kind `out_kind`: a partial Fisher–Yates shuffle whose step j draws stream item first + j. Memory is
// O(m) (a table of moved positions), so 3¿1E9 allocates nothing of size n. May throw
// std::bad_alloc for a table it cannot allocate.
void deal(Kind out_kind, int64_t m, uint64_t n, void* out, uint64_t key, uint64_t first);

} // namespace bpl::math
