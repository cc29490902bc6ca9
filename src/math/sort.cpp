// Grade and sort of compact buffers (sort.h): order-preserving keys, LSD radix for long operands, a
// comparison sort of the keys for short ones. Searches that need an order call grade here.
#include "math/sort.h"

#include "base/buffer.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <numeric>
#include <utility>
#include <vector>

namespace bpl::math {

using number::Kind;

namespace {

template <class K>
constexpr K SIGN = static_cast<K>(K(1) << (8 * sizeof(K) - 1));

template <class K>
K load(const void* p, int64_t i) {
    K k;
    std::memcpy(&k, static_cast<const std::byte*>(p) + i * static_cast<int64_t>(sizeof(K)), sizeof k);
    return k;
}
template <class K>
void store(void* p, int64_t i, K k) {
    std::memcpy(static_cast<std::byte*>(p) + i * static_cast<int64_t>(sizeof(K)), &k, sizeof k);
}

// An item's bits u (an unsigned word of the item's width) → its key, and back. `of` is monotone:
// u < v in structural order exactly when of(u) < of(v). `changes` says whether back(of(u)) ≠ u
// (a float's ¯0 or a NaN other than the canonical one): sort then restores those items.
template <class K>
struct UnsignedKey { // Bool, Char
    using Key = K;
    static K of(K u) { return u; }
    static K back(K k) { return k; }
    static bool changes(K) { return false; }
};
template <class K>
struct SignedKey { // two's-complement integers
    using Key = K;
    static K of(K u) { return u ^ SIGN<K>; }
    static K back(K k) { return k ^ SIGN<K>; }
    static bool changes(K) { return false; }
};
template <class K>
struct FloatKey { // IEEE binary16/32/64 (and each part of a complex item)
    using Key = K;
    static constexpr K EXP = static_cast<K>(SIGN<K> - (SIGN<K> >> (sizeof(K) == 2 ? 5 : sizeof(K) == 4 ? 8 : 11)));
    static constexpr K NAN_BITS = static_cast<K>(EXP | ((EXP >> 1) & ~EXP)); // the positive quiet NaN
    static K canonical(K u) {
        K mag = u & static_cast<K>(~SIGN<K>);
        return mag > EXP ? NAN_BITS : mag == 0 ? K(0) : u;
    }
    static K of(K u) {
        u = canonical(u);
        return (u & SIGN<K>) ? static_cast<K>(~u) : static_cast<K>(u | SIGN<K>);
    }
    static K back(K k) { return (k & SIGN<K>) ? static_cast<K>(k ^ SIGN<K>) : static_cast<K>(~k); }
    static bool changes(K u) { return canonical(u) != u; }
};

// Calls f(Enc{}, parts): the key of kind k's items, `parts` key words per item (2 for complex).
template <class F>
void with_key(Kind k, F&& f) {
    switch (k) {
    case Kind::Bool: f(UnsignedKey<uint8_t>{}, 1); return;
    case Kind::I8: f(SignedKey<uint8_t>{}, 1); return;
    case Kind::I16: f(SignedKey<uint16_t>{}, 1); return;
    case Kind::I32: f(SignedKey<uint32_t>{}, 1); return;
    case Kind::I64:
    case Kind::Int: f(SignedKey<uint64_t>{}, 1); return;
    case Kind::F16: f(FloatKey<uint16_t>{}, 1); return;
    case Kind::F32: f(FloatKey<uint32_t>{}, 1); return;
    case Kind::F64: f(FloatKey<uint64_t>{}, 1); return;
    case Kind::C64: f(FloatKey<uint32_t>{}, 2); return;
    case Kind::C128: f(FloatKey<uint64_t>{}, 2); return;
    case Kind::Char: f(UnsignedKey<uint32_t>{}, 1); return;
    case Kind::Exact: return; // a host kind: never a compact buffer
    }
}

// Scratch of n items (huge pages for long operands; uninitialized).
template <class T>
using Scratch = std::unique_ptr<T[], base::BufferDelete>;
template <class T>
Scratch<T> scratch(int64_t n) {
    return base::buffer_of<T>(static_cast<size_t>(n));
}

// How many keys have each value of each byte.
template <class K>
struct Counts {
    int64_t at[sizeof(K)][256];
    Counts() { std::memset(at, 0, sizeof at); }
    void add(K k) {
        for (size_t d = 0; d < sizeof(K); d++) at[d][(k >> (8 * d)) & 0xFF]++;
    }
    // The bytes, low first, on which the n keys (the first is `first`) do not all agree.
    int active(K first, int64_t n, int* digits) const {
        int m = 0;
        for (size_t d = 0; d < sizeof(K); d++)
            if (at[d][(first >> (8 * d)) & 0xFF] != n) digits[m++] = static_cast<int>(d);
        return m;
    }
};

// One stable LSD pass on byte d: put(p, i, k) for each key k = get(i), p its place in the output.
template <class K, class Get, class Put>
void scatter(int64_t n, int d, const int64_t* count, Get get, Put put) {
    int64_t place[256];
    for (int64_t b = 0, s = 0; b < 256; b++) {
        place[b] = s;
        s += count[b];
    }
    int shift = 8 * d;
    for (int64_t i = 0; i < n; i++) {
        K k = get(i);
        put(place[(k >> shift) & 0xFF]++, i, k);
    }
}

// Positions sorted stably by key: out[j] = the position (pos[i], or i where pos is null) of the
// item with the j-th key. key(i) gives the n keys, counted in c. The first pass reads them through
// key(); the passes between write keys to one scratch of n keys and to `pong` (room for n keys:
// the caller's out where it is as wide, else null for a scratch of its own) in turn, so that the
// last pass reads the scratch. out may not be pos.
template <class K, class I, class O, class Key>
void radix_positions(Key key, const Counts<K>& c, const I* pos, int64_t n, O* out, void* pong) {
    int digits[sizeof(K)];
    int m = c.active(key(0), n, digits);
    auto from = [](const I* p, int64_t i) { return p ? p[i] : static_cast<I>(i); };
    if (m == 0) {
        for (int64_t i = 0; i < n; i++) out[i] = static_cast<O>(from(pos, i));
        return;
    }
    Scratch<K> ping = m > 1 ? scratch<K>(n) : nullptr, own = m > 2 && !pong ? scratch<K>(n) : nullptr;
    Scratch<I> pos1 = m > 1 ? scratch<I>(n) : nullptr, pos2 = m > 2 ? scratch<I>(n) : nullptr;
    void* keys[2] = {ping.get(), pong ? pong : own.get()};
    const void* ks = nullptr;
    const I* ps = pos;
    I* pd = pos1.get();
    I* spare = pos2.get();
    for (int j = 0; j < m; j++) {
        int d = digits[j];
        auto pass = [&](auto get) {
            if (j + 1 == m) {
                scatter<K>(n, d, c.at[d], get, [&](int64_t p, int64_t i, K) { out[p] = static_cast<O>(from(ps, i)); });
                return;
            }
            void* kd = keys[(m - 2 - j) % 2];
            scatter<K>(n, d, c.at[d], get, [&](int64_t p, int64_t i, K k) {
                store<K>(kd, p, k);
                pd[p] = from(ps, i);
            });
            ks = kd;
        };
        if (j == 0) pass(key);
        else pass([&](int64_t i) { return load<K>(ks, i); });
        I* was = const_cast<I*>(ps == pos ? nullptr : ps); // the positions just read become the spare
        ps = pd;
        pd = was ? was : spare;
    }
}

// The stable permutation of n cells of w key words each (keys[i·w + j]), into out. Short operands:
// a comparison sort with the position as the last key. Cells of at most 16 key bytes: LSD radix
// over the words from the last. Wider cells: radix on the first word, then a comparison sort of
// each run of equal first words on the words after it (random rows rarely tie on the first).
template <class K, class I>
void grade_keys(const K* keys, int64_t n, int64_t w, int64_t* out) {
    if (n < SORT_SHORT && w == 1) {
        std::vector<std::pair<K, I>> pairs(static_cast<size_t>(n));
        for (int64_t i = 0; i < n; i++) pairs[i] = {keys[i], static_cast<I>(i)};
        std::sort(pairs.begin(), pairs.end());
        for (int64_t i = 0; i < n; i++) out[i] = pairs[i].second;
        return;
    }
    auto by_words = [&](int64_t from, int64_t* lo, int64_t* hi) {
        std::sort(lo, hi, [&](int64_t p, int64_t q) {
            const K* x = keys + p * w;
            const K* y = keys + q * w;
            for (int64_t j = from; j < w; j++)
                if (x[j] != y[j]) return x[j] < y[j];
            return p < q;
        });
    };
    if (n < SORT_SHORT) {
        std::iota(out, out + n, int64_t{0});
        by_words(0, out, out + n);
        return;
    }
    if (w * static_cast<int64_t>(sizeof(K)) > 16) {
        auto first = [&](int64_t i) { return keys[i * w]; };
        Counts<K> c;
        for (int64_t i = 0; i < n; i++) c.add(first(i));
        radix_positions<K, I, int64_t>(first, c, nullptr, n, out, nullptr);
        for (int64_t lo = 0, hi; lo < n; lo = hi) {
            K k = first(out[lo]);
            for (hi = lo + 1; hi < n && first(out[hi]) == k; hi++) {}
            if (hi - lo > 1) by_words(1, out + lo, out + hi);
        }
        return;
    }
    auto column = scratch<K>(n);
    Scratch<I> perm, next;
    for (int64_t j = w; j-- > 0;) {
        Counts<K> c;
        for (int64_t i = 0; i < n; i++) {
            K k = keys[(perm ? perm[i] : i) * w + j];
            column[i] = k;
            c.add(k);
        }
        auto key = [&](int64_t i) { return column[i]; };
        if (j == 0) {
            radix_positions<K, I, int64_t>(key, c, perm.get(), n, out, out);
            return;
        }
        if (!next) next = scratch<I>(n);
        radix_positions<K, I, I>(key, c, perm.get(), n, next.get(), nullptr);
        std::swap(perm, next);
    }
}

template <class Enc>
using KeyOf = typename Enc::Key;

// Keys of a's first n words (descending: complemented).
template <class Enc>
Scratch<KeyOf<Enc>> keys_of(const void* a, int64_t n, bool down) {
    using K = KeyOf<Enc>;
    K flip = down ? static_cast<K>(~K(0)) : K(0);
    auto keys = scratch<K>(n);
    for (int64_t i = 0; i < n; i++) keys[i] = static_cast<K>(Enc::of(load<K>(a, i)) ^ flip);
    return keys;
}

template <class Enc>
void grade_as(const void* a, int64_t n, int64_t w, bool down, int64_t* out) {
    using K = KeyOf<Enc>;
    if (n >= SORT_SHORT && w == 1) { // count the keys, then sort reading them from a
        K flip = down ? static_cast<K>(~K(0)) : K(0);
        auto key = [&](int64_t i) { return static_cast<K>(Enc::of(load<K>(a, i)) ^ flip); };
        Counts<K> c;
        for (int64_t i = 0; i < n; i++) c.add(key(i));
        if (n <= int64_t{UINT32_MAX}) radix_positions<K, uint32_t, int64_t>(key, c, nullptr, n, out, out);
        else radix_positions<K, uint64_t, int64_t>(key, c, nullptr, n, out, out);
        return;
    }
    auto keys = keys_of<Enc>(a, n * w, down);
    if (n <= int64_t{UINT32_MAX}) grade_keys<K, uint32_t>(keys.get(), n, w, out);
    else grade_keys<K, uint64_t>(keys.get(), n, w, out);
}

// Sort of one-word items by their keys alone: the first pass reads the items, the passes between
// write keys to a scratch and to out in turn, and the last stores the items back into out. Items
// whose key is not their bits (¯0, NaN payloads) are then put back in order: each such key's items
// are one run of equal keys, which stability fills with them in their input order.
template <class Enc>
void sort_items(const void* a, int64_t n, bool down, void* out) {
    using K = KeyOf<Enc>;
    K flip = down ? static_cast<K>(~K(0)) : K(0);
    auto key = [&](int64_t i) { return static_cast<K>(Enc::of(load<K>(a, i)) ^ flip); };
    Counts<K> c;
    bool changed = false;
    for (int64_t i = 0; i < n; i++) {
        K u = load<K>(a, i);
        changed |= Enc::changes(u);
        c.add(static_cast<K>(Enc::of(u) ^ flip));
    }
    int digits[sizeof(K)];
    int m = c.active(key(0), n, digits);
    if (m == 0) { // all keys equal: stability keeps the input as it is
        std::memcpy(out, a, static_cast<size_t>(n) * sizeof(K));
        return;
    }
    Scratch<K> ping = m > 1 ? scratch<K>(n) : nullptr;
    void* keys[2] = {ping.get(), out};
    const void* ks = nullptr;
    for (int j = 0; j < m; j++) {
        int d = digits[j];
        auto pass = [&](auto get) {
            if (j + 1 == m) {
                scatter<K>(n, d, c.at[d], get,
                           [&](int64_t p, int64_t, K k) { store<K>(out, p, Enc::back(static_cast<K>(k ^ flip))); });
                return;
            }
            void* kd = keys[(m - 2 - j) % 2];
            scatter<K>(n, d, c.at[d], get, [&](int64_t p, int64_t, K k) { store<K>(kd, p, k); });
            ks = kd;
        };
        if (j == 0) pass(key);
        else pass([&](int64_t i) { return load<K>(ks, i); });
    }
    if (!changed) return;
    for (K canon : {K(0), Enc::back(Enc::of(static_cast<K>(~K(0))))}) { // zero, the canonical NaN
        K want = Enc::of(canon);
        int64_t p = 0;
        while (p < n && load<K>(out, p) != canon) p++;
        for (int64_t i = 0; i < n && p < n; i++) {
            K u = load<K>(a, i);
            if (Enc::of(u) == want) store<K>(out, p++, u);
        }
    }
}

} // namespace

void grade(Kind k, const void* a, int64_t n, int64_t cell, bool down, int64_t* out) {
    if (n <= 1 || cell == 0) {
        std::iota(out, out + n, int64_t{0});
        return;
    }
    with_key(k, [&](auto enc, int parts) { grade_as<decltype(enc)>(a, n, cell * parts, down, out); });
}

void sort(Kind k, const void* a, int64_t n, int64_t cell, bool down, void* out) {
    with_key(k, [&](auto enc, int parts) {
        using Enc = decltype(enc);
        using K = KeyOf<Enc>;
        int64_t w = cell * parts;
        if (n >= SORT_SHORT && w == 1) {
            sort_items<Enc>(a, n, down, out);
            return;
        }
        auto perm = scratch<int64_t>(n);
        grade(k, a, n, cell, down, perm.get());
        size_t bytes = static_cast<size_t>(w) * sizeof(K);
        for (int64_t i = 0; i < n; i++)
            std::memcpy(static_cast<std::byte*>(out) + i * bytes,
                        static_cast<const std::byte*>(a) + perm[i] * bytes, bytes);
    });
}

} // namespace bpl::math
