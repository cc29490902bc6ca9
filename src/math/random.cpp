// Philox4x32-10, the streams built on it, the session generator, and the roll and deal routines.
// Nothing else in the engine makes random numbers.
#include "math/random.h"

#include "math/items.h"
#include "math/scalar.h"

#include <cmath>
#include <type_traits>
#include <utility>
#include <vector>

namespace bpl::math {

namespace {

constexpr uint32_t PHILOX_M0 = 0xD2511F53, PHILOX_M1 = 0xCD9E8D57; // round multipliers
constexpr uint32_t PHILOX_W0 = 0x9E3779B9, PHILOX_W1 = 0xBB67AE85; // key schedule (Weyl)
constexpr uint32_t STREAM_TAG = 0x5354524D; // "STRM": the counter word that derives stream keys

uint32_t lo32(uint64_t x) {
    return static_cast<uint32_t>(x);
}
uint32_t hi32(uint64_t x) {
    return static_cast<uint32_t>(x >> 32);
}
uint64_t join64(uint32_t lo, uint32_t hi) {
    return uint64_t{lo} | uint64_t{hi} << 32;
}

} // namespace

std::array<uint32_t, 4> philox4x32(std::array<uint32_t, 4> c, std::array<uint32_t, 2> k) noexcept {
    for (int round = 0; round < 10; round++) {
        if (round > 0) {
            k[0] += PHILOX_W0;
            k[1] += PHILOX_W1;
        }
        uint64_t p0 = uint64_t{PHILOX_M0} * c[0], p1 = uint64_t{PHILOX_M1} * c[2];
        c = {hi32(p1) ^ c[1] ^ k[0], lo32(p1), hi32(p0) ^ c[3] ^ k[1], lo32(p0)};
    }
    return c;
}

uint64_t stream_word(uint64_t key, uint64_t item, uint64_t word) noexcept {
    // One block holds two words: words 2j and 2j+1 of an item share block j.
    std::array<uint32_t, 4> b = philox4x32(
        {lo32(item), hi32(item), lo32(word >> 1), hi32(word >> 1)}, {lo32(key), hi32(key)});
    return word & 1 ? join64(b[2], b[3]) : join64(b[0], b[1]);
}

uint64_t stream_below(uint64_t key, uint64_t item, uint64_t n) noexcept {
    // Lemire, "Fast random integer generation in an interval" (2019): the high word of x·n is
    // uniform once the low words below 2⁶⁴ mod n are rejected.
    uint64_t word = 0;
    unsigned __int128 m = static_cast<unsigned __int128>(stream_word(key, item, word)) * n;
    if (static_cast<uint64_t>(m) < n) {
        uint64_t threshold = (0 - n) % n;
        while (static_cast<uint64_t>(m) < threshold)
            m = static_cast<unsigned __int128>(stream_word(key, item, ++word)) * n;
    }
    return static_cast<uint64_t>(m >> 64);
}

double stream_open_unit(uint64_t key, uint64_t item) noexcept {
    // k < 2⁵², so k + 1/2 is exact and the largest value is 1 − 2⁻⁵³ (below 1, representable).
    uint64_t k = stream_word(key, item, 0) >> 12;
    return (static_cast<double>(k) + 0.5) * 0x1p-52;
}

uint64_t Generator::reserve() noexcept {
    if (holds_ > 0) return 0;
    uint64_t stream = next_++;
    std::array<uint32_t, 4> b =
        philox4x32({lo32(stream), hi32(stream), STREAM_TAG, 0}, {lo32(seed_), hi32(seed_)});
    return join64(b[0], b[1]);
}

Generator Generator::sequential(uint64_t seed) noexcept {
    Generator g(seed);
    g.key_ = g.reserve();
    g.sequential_ = true;
    return g;
}

DrawSpan Generator::take(uint64_t count) noexcept {
    if (count == 0 || holds_ > 0) return {};
    if (!sequential_) return {reserve(), 0};
    DrawSpan span{key_, next_item_};
    next_item_ += count;
    return span;
}

Generator& session_generator() noexcept {
    static Generator g(SESSION_SEED);
    return g;
}

namespace {

// The largest item of type T strictly below the positive bound b.
template <class T>
T below_bound(T b) {
    if constexpr (std::is_same_v<T, f16>)
        return f16{static_cast<uint16_t>(b.bits - 1)};
    else if constexpr (std::is_floating_point_v<T>)
        return std::nextafter(b, T(0));
    else
        return static_cast<T>(b - 1);
}

// The drawn integer x < bound as an item of type T. A float kind rounds, and a value above its
// exact-integer range may round up to the bound itself: it is then kept just below the bound.
template <class T>
T as_item(uint64_t x, T bound) {
    if constexpr (is_int_v<T>) {
        (void)bound;
        return static_cast<T>(x);
    } else {
        T t = store<T>(static_cast<double>(x));
        return load(t) >= load(bound) ? below_bound(bound) : t;
    }
}

// A float of type T strictly inside (0, 1) from the item's word: (k + 1/2)·2^-(p-1) with k of
// p-1 bits, p the significand's width, so k + 1/2 is exact in T.
template <class T>
T open_unit(uint64_t key, uint64_t item) {
    if constexpr (std::is_same_v<T, double>) {
        return stream_open_unit(key, item);
    } else if constexpr (std::is_same_v<T, float>) {
        uint64_t k = stream_word(key, item, 0) >> 41;
        return (static_cast<float>(k) + 0.5f) * 0x1p-23f;
    } else {
        uint64_t k = stream_word(key, item, 0) >> 54;
        return number::to_f16((static_cast<float>(k) + 0.5f) * 0x1p-10f);
    }
}

constexpr const char* BAD_BOUND = "roll's bound must be a nonnegative integer below 2⁶⁴";

// The bound an item asks for; false when it is not a nonnegative integer below 2⁶⁴.
template <class S>
bool bound_of(S s, uint64_t* out) {
    if constexpr (is_int_v<S>) {
        if (s < 0) return false;
        *out = static_cast<uint64_t>(s);
        return true;
    } else {
        double f = static_cast<double>(load(s)), r = std::nearbyint(f);
        if (!(r >= 0) || r >= 0x1p64 || !scalar::teq<calc_t<S>>(load(s), static_cast<calc_t<S>>(r)))
            return false;
        *out = static_cast<uint64_t>(r);
        return true;
    }
}

template <class S, class O>
void roll_items(const S* n, int64_t sn, O* out, int64_t count, uint64_t key, uint64_t first,
                ErrorSlot& slot) {
    for (int64_t i = 0; i < count; i++) {
        S s = n[i * sn];
        uint64_t bound = 0;
        if (!bound_of(s, &bound)) {
            slot.record(base::ErrorKind::Domain, BAD_BOUND);
            out[i] = O{};
            continue;
        }
        if (bound == 0) {
            if constexpr (is_int_v<O>) {
                // An integer result has no room for ¿0's float: the row chooses F64 instead.
                slot.record(base::ErrorKind::Internal, "roll of 0 into an integer kind");
                out[i] = O{};
            } else {
                out[i] = open_unit<O>(key, first + static_cast<uint64_t>(i));
            }
            continue;
        }
        uint64_t x = stream_below(key, first + static_cast<uint64_t>(i), bound);
        if constexpr (std::is_same_v<S, O>)
            out[i] = as_item<O>(x, s);
        else
            out[i] = as_item<O>(x, store<O>(static_cast<double>(bound)));
    }
}

} // namespace

void roll(Kind in, const void* n, int64_t sn, Kind out_kind, void* out, int64_t count, uint64_t key,
          uint64_t first, ErrorSlot& slot) noexcept {
    with_kind(in, [&](auto tag) {
        using S = typename decltype(tag)::type;
        if constexpr (std::is_same_v<S, void> || is_cpx_v<S> || is_chr_v<S> || is_bool_v<S>) {
            slot.record(base::ErrorKind::Domain, BAD_BOUND); // the row never builds these
        } else {
            const auto* src = static_cast<const S*>(n);
            if (out_kind == in)
                roll_items(src, sn, static_cast<S*>(out), count, key, first, slot);
            else
                roll_items(src, sn, static_cast<double*>(out), count, key, first, slot);
        }
    });
}

namespace {

// Positions a partial shuffle has moved, as an open-addressing table: position → item there.
// Unmoved positions hold themselves. Positions are below 2⁶³, so EMPTY never is one.
class Moved {
  public:
    explicit Moved(int64_t m) {
        size_t cap = capacity(m);
        slots_.assign(cap, {EMPTY, 0});
        mask_ = cap - 1;
    }
    // Slots for m moves (each step moves one position): a power of two at least 1.5·m, so the
    // table stays at most two-thirds full.
    static size_t capacity(int64_t m) {
        size_t cap = 16;
        while (cap < static_cast<size_t>(m) + static_cast<size_t>(m) / 2)
            cap *= 2;
        return cap;
    }
    uint64_t get(uint64_t p) const {
        for (size_t s = hash(p);; s = (s + 1) & mask_) {
            if (slots_[s].first == p) return slots_[s].second;
            if (slots_[s].first == EMPTY) return p;
        }
    }
    void set(uint64_t p, uint64_t v) {
        for (size_t s = hash(p);; s = (s + 1) & mask_) {
            if (slots_[s].first == p || slots_[s].first == EMPTY) {
                slots_[s] = {p, v};
                return;
            }
        }
    }

  private:
    static constexpr uint64_t EMPTY = ~uint64_t{0};
    size_t hash(uint64_t p) const {
        return static_cast<size_t>((p * 0x9E3779B97F4A7C15ULL) >> 17) & mask_;
    }
    std::vector<std::pair<uint64_t, uint64_t>> slots_;
    size_t mask_ = 0;
};

template <class O>
void deal_items(int64_t m, uint64_t n, O* out, uint64_t key, uint64_t first) {
    O bound{};
    if constexpr (!is_int_v<O>) bound = store<O>(static_cast<double>(n));
    // Step j swaps position j with a uniform position r in [j, n) and keeps what lands at j.
    // A dense array of positions (8n bytes) serves when it is no bigger than the table's slots
    // (16 bytes each), so memory stays O(m) on both routes.
    if (n <= 2 * static_cast<uint64_t>(Moved::capacity(m))) {
        std::vector<uint64_t> pos(n);
        for (uint64_t p = 0; p < n; p++)
            pos[p] = p;
        for (int64_t j = 0; j < m; j++) {
            uint64_t uj = static_cast<uint64_t>(j), r = uj + stream_below(key, first + uj, n - uj);
            std::swap(pos[uj], pos[r]);
            out[j] = as_item<O>(pos[uj], bound);
        }
        return;
    }
    Moved moved(m);
    for (int64_t j = 0; j < m; j++) {
        uint64_t uj = static_cast<uint64_t>(j), r = uj + stream_below(key, first + uj, n - uj);
        uint64_t at_r = moved.get(r);
        moved.set(r, moved.get(uj)); // position j is never read again
        out[j] = as_item<O>(at_r, bound);
    }
}

} // namespace

void deal(Kind out_kind, int64_t m, uint64_t n, void* out, uint64_t key, uint64_t first) {
    with_kind(out_kind, [&](auto tag) {
        using O = typename decltype(tag)::type;
        if constexpr (!std::is_same_v<O, void> && !is_cpx_v<O> && !is_chr_v<O> && !is_bool_v<O>)
            deal_items(m, n, static_cast<O*>(out), key, first);
    });
}

} // namespace bpl::math
