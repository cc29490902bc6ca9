// Internal to math/, included only by the vec_<isa>.cpp files: VecOps (GCC vector extensions,
// W float64 lanes) and the block loops that run the shared formulas over buffers. Each including
// file defines BPL_ISA (its namespace, so instantiations compiled for different ISAs never merge)
// BPL_W (float64 lanes: one machine register; GCC handles wider generic vectors poorly) and
// BPL_REG (register bytes), and is compiled with that ISA's flags plus -ffp-contract=fast (a*b+c is one fma
// where the ISA has it) and -fno-math-errno (vector sqrt).
#pragma once

#include "math/formulas.h"
#include "math/formulas32.h"
#include "math/kernel.h"
#include "math/ops.h"
#include "math/repair.h"
#include "math/vec.h"

#include <cstring>
#include <immintrin.h>
#include <limits>
#include <type_traits>

namespace bpl::math::vec::BPL_ISA {

// Every entry point ends with the upper halves of the vector registers cleared (vzeroupper). The
// engine is compiled for plain SSE, and SSE code after 256/512-bit code that left them dirty ran
// 2.3× slower on this machine (a glibc sin loop after ln, before this was explicit: GCC had left
// it out on some kernels' paths). Tests read the state back (XGETBV 1) after every kernel.
inline void leave_wide_registers() {
#if BPL_REG >= 32
    _mm256_zeroupper();
#endif
}

// One machine register at a time (a block of several registers gives independent dependency
// chains): a×b+c rounded once, explicitly (so no later rewrite can split it), and x86's min and
// max (a < b ? a : b, so b where unordered), which GCC does not make of a compare and a select
// on mask registers.
#if BPL_REG == 64 // the zero-masked forms: GCC 12 warns on the plain ones (an undefined source)
typedef __m512d RegD;
typedef __m512 RegF;
#define BPL_PD(op) [](auto... v) { return _mm512_maskz_##op##_pd(__mmask8(0xff), v...); }
#define BPL_PS(op) [](auto... v) { return _mm512_maskz_##op##_ps(__mmask16(0xffff), v...); }
#elif BPL_REG == 32
typedef __m256d RegD;
typedef __m256 RegF;
#define BPL_PD(op) _mm256_##op##_pd
#define BPL_PS(op) _mm256_##op##_ps
#else
typedef __m128d RegD;
typedef __m128 RegF;
#define BPL_PD(op) _mm_##op##_pd
#define BPL_PS(op) _mm_##op##_ps
#endif
template <class V, class R, class Op, class... Vs>
inline V per_register(Op op, V a, Vs... rest) {
    constexpr int K = sizeof(V) / sizeof(R);
    static_assert(K >= 1 && sizeof(V) % sizeof(R) == 0);
    R x[K], y[sizeof...(Vs)][K];
    std::memcpy(x, &a, sizeof a);
    int at = 0;
    ((std::memcpy(y[at++], &rest, sizeof rest)), ...);
    for (int k = 0; k < K; ++k) {
        if constexpr (sizeof...(Vs) == 1) x[k] = op(x[k], y[0][k]);
        else x[k] = op(x[k], y[0][k], y[1][k]);
    }
    std::memcpy(&a, x, sizeof a);
    return a;
}

struct VecOps {
    static constexpr int W = BPL_W;
    using E = double; // the item type
    typedef double V __attribute__((vector_size(8 * W)));
    typedef int64_t I __attribute__((vector_size(8 * W)));
    typedef float F __attribute__((vector_size(4 * W)));
    using M = I;
    static constexpr bool HAS_FMA = BPL_HAS_FMA;
    // a×b+c rounded once where the ISA has fma (explicit, so no later rewrite can split it);
    // the portable route has none and rounds twice (its reductions are exact without fma).
    static V fma(V a, V b, V c) {
#if BPL_HAS_FMA
        return per_register<V, RegD>([](RegD x, RegD y, RegD z) { return BPL_PD(fmadd)(x, y, z); }, a, b, c);
#else
        return a * b + c;
#endif
    }
    static V min(V a, V b) { return per_register<V, RegD>([](RegD x, RegD y) { return BPL_PD(min)(x, y); }, a, b); }
    static V max(V a, V b) { return per_register<V, RegD>([](RegD x, RegD y) { return BPL_PD(max)(x, y); }, a, b); }
    static V select(M m, V a, V b) { return m ? a : b; }
    static I selecti(M m, I a, I b) { return m ? a : b; }
    static I bits(V v) { return (I)v; } // same size: a reinterpretation
    static V from_bits(I i) { return (V)i; }
    static V sqrt(V v) {
        V r;
        for (int j = 0; j < W; ++j) r[j] = __builtin_sqrt(v[j]);
        return r;
    }
    static V abs(V v) { return from_bits(bits(v) & 0x7fffffffffffffffLL); }
    static V copysign(V m, V s) {
        return from_bits((bits(m) & 0x7fffffffffffffffLL) | (bits(s) & (-0x7fffffffffffffffLL - 1)));
    }
    // |i| < 2^51: one conversion instruction with AVX-512DQ, else through a shifted float
    static V to_v(I i) {
#if BPL_REG == 64
        return __builtin_convertvector(i, V);
#else
        return from_bits(i + bits(V{} + 0x1.8p52)) - 0x1.8p52;
#endif
    }
    static I to_i(V v) { return __builtin_convertvector(v, I); } // one instruction with AVX-512DQ
    // one bit per lane (the lane's sign bit), in one instruction
    static unsigned mask_bits(M m) {
#if BPL_REG == 64
        return _mm512_test_epi64_mask((__m512i)m, (__m512i)m);
#elif BPL_REG == 32
        return static_cast<unsigned>(_mm256_movemask_pd((__m256d)m));
#else
        return static_cast<unsigned>(_mm_movemask_pd((__m128d)m));
#endif
    }
    static bool any(M m) { return mask_bits(m) != 0; }
    static V lookup16(const double* t, I j) {
#if BPL_REG == 64
        return (V)_mm512_permutex2var_pd(_mm512_loadu_pd(t), (__m512i)j, _mm512_loadu_pd(t + 8));
#elif BPL_REG == 32
        // four in-register permutes and a two-level blend (gathers are microcoded and slow):
        // each 64-bit lane asks for the 32-bit pair (2(j&3), 2(j&3)+1) of each quarter
        __m256i jj = (__m256i)j;
        __m256i lo2 = _mm256_slli_epi64(_mm256_and_si256(jj, _mm256_set1_epi64x(3)), 1);
        __m256i idx = _mm256_add_epi32(_mm256_or_si256(lo2, _mm256_slli_epi64(lo2, 32)),
                                       _mm256_set1_epi64x(0x100000000LL));
        auto quarter = [&](int q) {
            return _mm256_castps_pd(_mm256_permutevar8x32_ps(_mm256_loadu_ps(reinterpret_cast<const float*>(t + 4 * q)), idx));
        };
        __m256d b2 = _mm256_castsi256_pd(_mm256_slli_epi64(jj, 61)); // bit 2 → sign
        __m256d b3 = _mm256_castsi256_pd(_mm256_slli_epi64(jj, 60)); // bit 3 → sign
        __m256d r01 = _mm256_blendv_pd(quarter(0), quarter(1), b2);
        __m256d r23 = _mm256_blendv_pd(quarter(2), quarter(3), b2);
        return (V)_mm256_blendv_pd(r01, r23, b3);
#else
        V r;
        for (int k = 0; k < W; ++k) r[k] = t[j[k] & 15];
        return r;
#endif
    }
};
using V = VecOps::V;
constexpr int W = VecOps::W;

// Float32 lanes (twice as many as float64 lanes) for formulas32.h.
struct VecOps32 {
    static constexpr int W = 2 * BPL_W;
    using E = float;
    typedef float V __attribute__((vector_size(4 * W)));
    typedef int32_t I __attribute__((vector_size(4 * W)));
    using M = I;
    static constexpr bool HAS_FMA = BPL_HAS_FMA;
    static V fma(V a, V b, V c) {
#if BPL_HAS_FMA
        return per_register<V, RegF>([](RegF x, RegF y, RegF z) { return BPL_PS(fmadd)(x, y, z); }, a, b, c);
#else
        return a * b + c;
#endif
    }
    static V min(V a, V b) { return per_register<V, RegF>([](RegF x, RegF y) { return BPL_PS(min)(x, y); }, a, b); }
    static V max(V a, V b) { return per_register<V, RegF>([](RegF x, RegF y) { return BPL_PS(max)(x, y); }, a, b); }
    static V select(M m, V a, V b) { return m ? a : b; }
    static I selecti(M m, I a, I b) { return m ? a : b; }
    static I bits(V v) { return (I)v; }
    static V from_bits(I i) { return (V)i; }
    static V abs(V v) { return from_bits(bits(v) & 0x7fffffff); }
    static V sqrt(V v) {
        V r;
        for (int j = 0; j < W; ++j) r[j] = __builtin_sqrtf(v[j]);
        return r;
    }
    static V copysign(V m, V s) {
        return from_bits((bits(m) & 0x7fffffff) | (bits(s) & (-0x7fffffff - 1)));
    }
    static V to_v(I i) { return __builtin_convertvector(i, V); } // one instruction on every ISA
    static unsigned mask_bits(M m) {
#if BPL_REG == 64
        return _mm512_test_epi32_mask((__m512i)m, (__m512i)m);
#elif BPL_REG == 32
        return static_cast<unsigned>(_mm256_movemask_ps((__m256)m));
#else
        return static_cast<unsigned>(_mm_movemask_ps((__m128)m));
#endif
    }
    static bool any(M m) { return mask_bits(m) != 0; }
    static V lookup16(const float* t, I j) {
#if BPL_REG == 64
        // one source (no copy of the table); the all-lanes mask spells the plain vpermps without
        // GCC 12's uninitialised-placeholder warning in _mm512_permutexvar_ps
        __m512 tab = _mm512_loadu_ps(t);
        return (V)_mm512_mask_permutexvar_ps(tab, 0xffff, (__m512i)j, tab);
#elif BPL_REG == 32
        __m256i jj = (__m256i)j;
        __m256 lo = _mm256_permutevar8x32_ps(_mm256_loadu_ps(t), jj);
        __m256 hi = _mm256_permutevar8x32_ps(_mm256_loadu_ps(t + 8), jj);
        return (V)_mm256_blendv_ps(lo, hi, _mm256_castsi256_ps(_mm256_slli_epi32(jj, 28)));
#else
        V r;
        for (int k = 0; k < W; ++k) r[k] = t[j[k] & 15];
        return r;
#endif
    }
};

// The repair predicate of formulas that serve every lane: the block loops skip the flag test.
struct NoRepair {};
// A formula's repair predicate in key form (formulas.h, "Repair predicates as keys"): lane j is
// flagged when key(x)[j] > above. The contiguous loops keep the lane-wise maximum of the keys
// over a chunk, one instruction per block, and compare it once.
template <class K, class I>
struct RepairKey {
    K key;
    I above; // the limit, in every lane
    template <class X>
    auto flags(X x) const {
        return key(x) > above;
    }
};
template <class O, class K>
RepairKey<K, typename O::I> repair_key(K key, int64_t above) {
    return {key, typename O::I{} + static_cast<decltype(typename O::I{}[0])>(above)};
}

// Recomputes the lanes set in `flags` (bit j: item j) by the scalar repair fix, reading the
// items from the operand itself: out of line, so the block loops keep their vectors in registers.
template <class S, class R>
[[gnu::noinline, gnu::cold]] void fix_lanes(unsigned flags, R fix, const S* a, int64_t sa, S* out) {
    for (; flags != 0; flags &= flags - 1) {
        int j = __builtin_ctz(flags);
        out[j] = static_cast<S>(fix(static_cast<double>(a[j * sa])));
    }
}
template <class S, class R>
[[gnu::noinline, gnu::cold]] void fix_lanes2(unsigned flags, R fix, const S* a, int64_t sa,
                                             const S* b, int64_t sb, S* out) {
    for (; flags != 0; flags &= flags - 1) {
        int j = __builtin_ctz(flags);
        out[j] = static_cast<S>(fix(static_cast<double>(a[j * sa]), static_cast<double>(b[j * sb])));
    }
}

// A repair in two stages: the function's full formula f runs on the vectors of a flagged block
// and its results replace the flagged lanes (a lane then costs a store, not a call, so items that
// flag in bulk, such as zeros for ln and sin, stay cheap); lanes that f cannot serve either
// (need: a RepairKey, or NoRepair) go on to the scalar routine fix.
template <class F, class N, class R>
struct Full {
    F f;
    N need;
    R fix;
};
template <class F, class N = NoRepair, class R = double (*)(double)>
Full<F, N, R> full(F f, N need = {}, R fix = nullptr) {
    return {f, need, fix};
}
template <class R>
constexpr bool is_full = false;
template <class F, class N, class R>
constexpr bool is_full<Full<F, N, R>> = true;

// A formula in two stages, f(x…) = second(first(x…), x…): the contiguous block loops run first
// over vec::STAGE_BLOCKS blocks into a buffer in L1, then second over it, so each dependency chain
// is about half as long and more blocks fit the out-of-order window (pow: y·ln x, then e to that,
// 20-25% faster in cache; sin and cos: the reduction, then the polynomial, 12%). Elsewhere (tails,
// repairs) it is the composition.
template <class F1, class F2>
struct Staged {
    F1 first;
    F2 second;
    template <class... V>
    auto operator()(V... v) const { return second(first(v...), v...); }
};
template <class F1, class F2>
Staged<F1, F2> staged(F1 first, F2 second) {
    return {first, second};
}
template <class F>
constexpr bool is_staged = false;
template <class F1, class F2>
constexpr bool is_staged<Staged<F1, F2>> = true;

// Block loads and stores between an Ops type's lanes and items of type S (float items on
// float64 lanes convert): a full contiguous block, or the first m items at stride s (stride 0: a
// broadcast item) with the other lanes 1.
template <class O, class S>
struct Io {
    using V = typename O::V;
    using E = typename O::E;
    static V load(const S* p) {
        if constexpr (sizeof(E) == sizeof(S)) {
            V x;
            std::memcpy(&x, p, sizeof(x));
            return x;
        } else if constexpr (std::is_same_v<S, float> && std::is_same_v<E, double>) {
            // one widening instruction (GCC lowers __builtin_convertvector here to two halves,
            // an extract and an insert: 4 operations per load)
#if BPL_REG == 64
            return (V)_mm512_maskz_cvtps_pd(0xff, _mm256_loadu_ps(p)); // maskz: GCC 12 warns on the plain form
#elif BPL_REG == 32
            return (V)_mm256_cvtps_pd(_mm_loadu_ps(p));
#else
            typename O::F f;
            std::memcpy(&f, p, sizeof(f));
            return __builtin_convertvector(f, V);
#endif
        } else {
            typename O::F f;
            std::memcpy(&f, p, sizeof(f));
            return __builtin_convertvector(f, V);
        }
    }
    static V load_part(const S* p, int64_t s, int m) {
        if (s == 0) return V{} + static_cast<E>(*p);
        if (m == O::W && s == 1) return load(p);
        V x = V{} + static_cast<E>(1);
        for (int j = 0; j < m; ++j) x[j] = static_cast<E>(p[j * s]);
        return x;
    }
    static void store(V y, S* p) {
        if constexpr (sizeof(E) == sizeof(S)) {
            std::memcpy(p, &y, sizeof(y));
        } else {
            typename O::F f = __builtin_convertvector(y, typename O::F);
            std::memcpy(p, &f, sizeof(f));
        }
    }
    static void store_part(V y, S* p, int m) {
        if (m == O::W) return store(y, p);
        for (int j = 0; j < m; ++j) p[j] = static_cast<S>(y[j]);
    }
    // integer lanes (⌊ ⌈ of floats), at the integer width
    static void store(typename O::I y, int64_t* p) { std::memcpy(p, &y, sizeof(y)); }
    static void store_part(typename O::I y, int64_t* p, int m) {
        for (int j = 0; j < m; ++j) p[j] = y[j];
    }
    // a comparison's lanes (0 or −1) as Booleans, one byte each
    static void store(typename O::M m, uint8_t* p) {
        typedef int8_t B __attribute__((vector_size(O::W)));
        B b = __builtin_convertvector(m, B) & 1;
        std::memcpy(p, &b, sizeof(b));
    }
    static void store_part(typename O::M m, uint8_t* p, int k) {
        if (k == O::W) return store(m, p);
        for (int j = 0; j < k; ++j) p[j] = m[j] & 1;
    }
};

// The full blocks of a map over contiguous or broadcast operands (items [0, the returned index)),
// in chunks of CHUNK_BLOCKS blocks: step(i, acc) computes the block at item i and folds its repair
// flags into acc; after the chunk, when flagged(acc), rescan(i, b) repairs the flagged lanes of its
// b blocks from item i on (the items still in L2). So the block loop holds no call and no branch
// and keeps its constants in registers. Always inlined: out of line, the step's captured
// pointers were reloaded from memory every block. Blocks go two at a time (measured in cache,
// best of 8 runs: sin, cos, atan and sinh f64 3-6% faster; four at a time spill registers). A
// formula with no repair (REPAIRS false) needs no chunks: its loop counts items alone (callgrind,
// the rational chain's + × ÷ blocks: 6.9 instructions a vector in chunks).
template <int BW, bool REPAIRS, class Acc, class Step, class Flagged, class Rescan>
[[gnu::always_inline]] inline int64_t map_chunks(int64_t n, Acc none, Step step, Flagged flagged, Rescan rescan) {
    int64_t i = 0;
    if constexpr (!REPAIRS) {
        (void)flagged, (void)rescan;
        Acc acc = none;
        for (; i + 2 * BW <= n; i += 2 * BW) {
            step(i, acc);
            step(i + BW, acc);
        }
        if (i + BW <= n) {
            step(i, acc);
            i += BW;
        }
        return i;
    }
    while (i + BW <= n) {
        int64_t i0 = i;
        Acc acc = none;
        int b = 0;
        for (; b + 2 <= CHUNK_BLOCKS && i + 2 * BW <= n; b += 2, i += 2 * BW) {
            step(i, acc);
            step(i + BW, acc);
        }
        for (; b < CHUNK_BLOCKS && i + BW <= n; ++b, i += BW) step(i, acc);
        if (__builtin_expect(flagged(acc), 0))
            rescan(i0, b);
    }
    return i;
}

// Writes a full formula's results y into the flagged lanes of out (mask flagged, the first m of
// its bits in flags): a whole block of items of the lanes' own type by one select, else lane by lane.
template <class O, class S, class T, class M>
void put_flagged(M flagged, unsigned flags, typename O::V y, T* out, int m) {
    if constexpr (std::is_same_v<S, T>)
        if (m == O::W) {
            Io<O, S>::store(O::select(flagged, y, Io<O, S>::load(out)), out);
            return;
        }
    for (; flags != 0; flags &= flags - 1) {
        int j = __builtin_ctz(flags);
        out[j] = static_cast<T>(y[j]);
    }
}

// Repairs the lanes of the block x (items a[j*sa], results out[j], the first m lanes) that
// need flags, by fix: a scalar routine, or a Full repair (whose results replace a whole
// contiguous block's flagged lanes by one select).
template <class O, class S, class T, class N, class R>
void repair_block(N need, typename O::V x, R fix, const S* a, int64_t sa, T* out, int m) {
    auto flagged = need.flags(x);
    unsigned flags = O::mask_bits(flagged) & ((1u << m) - 1);
    if constexpr (is_full<R>) {
        typename O::V y = fix.f(x);
        unsigned rest = 0; // lanes the full formula cannot serve either
        if constexpr (!std::is_same_v<decltype(fix.need), NoRepair>) {
            auto unserved = fix.need.flags(x);
            rest = flags & O::mask_bits(unserved);
            flagged = flagged & ~unserved;
        }
        put_flagged<O, S>(flagged, flags & ~rest, y, out, m);
        flags = rest;
    }
    if (flags != 0) {
        if constexpr (is_full<R>) fix_lanes(flags, fix.fix, a, sa, out);
        else fix_lanes(flags, fix, a, sa, out);
    }
}

// The same for one block of the strided or tail loop, out of line.
template <class O, class S, class T, class N, class R>
[[gnu::noinline, gnu::cold, gnu::flatten]] void repair_part(N need, typename O::V x, R fix,
                                                           const S* a, int64_t sa, T* out, int m) {
    repair_block<O>(need, x, fix, a, sa, out, m);
}

// Repairs the flagged lanes of `blocks` contiguous blocks from a (results out): one call per
// flagged chunk, which notes the flagged blocks of each 64 in one word (no branch per block: where
// flagged and clean blocks mix, as zeros in data do for ln, a branch each mispredicts half the time)
// and then repairs just those, whose work overlaps in the pipeline.
template <class O, class S, class T, class N, class R>
[[gnu::noinline, gnu::cold, gnu::flatten]] void repair_chunk(N need, R fix, const S* a, T* out,
                                                            int blocks) {
    for (int g = 0; g < blocks; g += 64) {
        uint64_t which = 0;
        for (int c = 0; c < 64 && g + c < blocks; ++c)
            which |= uint64_t{O::any(need.flags(Io<O, S>::load(a + (g + c) * O::W)))} << c;
        for (; which != 0; which &= which - 1) {
            int64_t k = (g + __builtin_ctzll(which)) * int64_t{O::W};
            repair_block<O>(need, Io<O, S>::load(a + k), fix, a + k, 1, out + k, O::W);
        }
    }
}

// out[i] = f(a[i*sa]) on O's lanes (T = S, or int64 from integer lanes); lanes whose repair key
// need.key(x) is above need.above are recomputed by fix (a scalar routine in float64, or a Full
// repair). Strided items and the last partial block go through load_part/store_part.
// Flattened (map2 too): this file instantiates every formula, and past GCC's inlining budget
// some were left as calls per block (ln's table formula, asin, pow's full formula).
template <class O, class S, class T, class F, class N, class R>
[[gnu::flatten]] void map1(F f, N need, R fix, const S* a, int64_t sa, T* out, int64_t n) {
    using IO = Io<O, S>;
    using V = typename O::V;
    using I = typename O::I;
    constexpr bool repairs = !std::is_same_v<N, NoRepair>;
    const I none = I{} + std::numeric_limits<std::remove_cvref_t<decltype(I{}[0])>>::min();
    auto fold_key = [&](V x, I& most) { // most: the largest repair key so far
        if constexpr (repairs) {
            I key = need.key(x);
            most = most > key ? most : key;
        }
    };
    auto flagged = [&](const I& most) {
        if constexpr (repairs) return O::any(most > need.above);
        else return (void)most, false;
    };
    // the blocks from item i0 on, one block a step; before them a Staged formula's steps of
    // STAGE_BLOCKS blocks in two sweeps (whose remainder, and short arrays, take single blocks)
    auto blocks = [&](int64_t i0) {
        return i0 + map_chunks<O::W, repairs>(
                        n - i0, none,
                        [&](int64_t k, I& most) {
                            V x = IO::load(a + i0 + k);
                            IO::store(f(x), out + i0 + k);
                            fold_key(x, most);
                        },
                        flagged,
                        [&](int64_t k, int steps) {
                            if constexpr (repairs) repair_chunk<O>(need, fix, a + i0 + k, out + i0 + k, steps);
                        });
    };
    int64_t i = 0;
    if (sa == 1) {
        if constexpr (is_staged<F>) {
            constexpr int SB = STAGE_BLOCKS;
            i = map_chunks<SB * O::W, repairs>(
                n, none,
                [&](int64_t k, I& most) {
                    decltype(f.first(V{})) w[SB];
                    for (int c = 0; c < SB; ++c) {
                        V x = IO::load(a + k + c * O::W);
                        w[c] = f.first(x);
                        fold_key(x, most);
                    }
                    for (int c = 0; c < SB; ++c)
                        IO::store(f.second(w[c], IO::load(a + k + c * O::W)), out + k + c * O::W);
                },
                flagged,
                [&](int64_t k, int steps) {
                    if constexpr (repairs) repair_chunk<O>(need, fix, a + k, out + k, steps * SB);
                });
        }
        i = blocks(i);
    }
    for (; i < n; i += O::W) {
        int m = n - i < O::W ? static_cast<int>(n - i) : O::W;
        V x = IO::load_part(a + i * sa, sa, m);
        IO::store_part(f(x), out + i, m);
        if constexpr (repairs) {
            if (O::mask_bits(need.flags(x)) & ((1u << m) - 1))
                repair_part<O>(need, x, fix, a + i * sa, sa, out + i, m);
        }
    }
}

// Repairs the lanes of the block (x, y) (items a[j*sa] and b[j*sb], results out[j], the first m
// lanes) where the mask need(x, y) is set, by fix: a scalar routine, or a Full repair whose
// formula serves every lane (its results replace a whole block's flagged lanes by one select).
template <class O, class S, class N, class R>
void repair_block2(N need, typename O::V x, typename O::V y, R fix, const S* a, int64_t sa,
                   const S* b, int64_t sb, S* out, int m) {
    auto flagged = need(x, y);
    unsigned flags = O::mask_bits(flagged) & ((1u << m) - 1);
    if constexpr (is_full<R>) {
        static_assert(std::is_same_v<decltype(fix.need), NoRepair>, "a binary Full serves every lane");
        put_flagged<O, S>(flagged, flags, fix.f(x, y), out, m);
    } else if (flags != 0) {
        fix_lanes2(flags, fix, a, sa, b, sb, out);
    }
}
template <class O, class S, class N, class R>
[[gnu::noinline, gnu::cold, gnu::flatten]] void repair_part2(N need, typename O::V x, typename O::V y,
                                                            R fix, const S* a, int64_t sa,
                                                            const S* b, int64_t sb, S* out, int m) {
    repair_block2<O>(need, x, y, fix, a, sa, b, sb, out, m);
}
// The flagged blocks of a chunk of `blocks` blocks from item k0 (operand blocks x_at(k), y_at(k)),
// as repair_chunk: one call per flagged chunk, the flagged blocks noted in one word first.
template <class O, class S, class N, class R, class X, class Y>
[[gnu::noinline, gnu::cold, gnu::flatten]] void repair_chunk2(N need, R fix, X x_at, Y y_at,
                                                             const S* a, int64_t sa, const S* b,
                                                             int64_t sb, S* out, int64_t k0,
                                                             int blocks) {
    for (int g = 0; g < blocks; g += 64) {
        uint64_t which = 0;
        for (int c = 0; c < 64 && g + c < blocks; ++c) {
            int64_t k = k0 + (g + c) * int64_t{O::W};
            which |= uint64_t{O::any(need(x_at(k), y_at(k)))} << c;
        }
        for (; which != 0; which &= which - 1) {
            int64_t k = k0 + (g + __builtin_ctzll(which)) * int64_t{O::W};
            repair_block2<O>(need, x_at(k), y_at(k), fix, a + k * sa, sa, b + k * sb, sb, out + k, O::W);
        }
    }
}

// out[i] = f(a[i*sa], b[i*sb]) on O's lanes (T = S, or Booleans from a comparison's mask); lanes
// where the mask need(x, y) is set are recomputed by fix (a scalar routine fix(x, y), or a Full
// repair; NoRepair: none). Contiguous and broadcast operands run in chunks, each pairing a loop
// of its own.
template <class O, class S, class T, class F, class N, class R>
[[gnu::flatten]] void map2(F f, N need, R fix, const S* a, int64_t sa, const S* b, int64_t sb, T* out, int64_t n) {
    using IO = Io<O, S>;
    using V = typename O::V;
    using M = typename O::M;
    constexpr bool repairs = !std::is_same_v<N, NoRepair>;
    // the blocks, one block a step; before them a Staged formula's steps of STAGE_BLOCKS blocks
    // in two sweeps (whose remainder, and short arrays, take single blocks)
    auto chunks = [&](auto x_at, auto y_at) {
        auto flagged = [&](const M& acc) {
            if constexpr (repairs) return O::any(acc);
            else return (void)acc, false;
        };
        int64_t i0 = 0;
        if constexpr (is_staged<F>) {
            constexpr int SB = STAGE_BLOCKS;
            i0 = map_chunks<SB * O::W, repairs>(
                n, M{},
                [&](int64_t k, M& acc) {
                    V w[SB];
                    for (int c = 0; c < SB; ++c) {
                        V x = x_at(k + c * O::W), y = y_at(k + c * O::W);
                        w[c] = f.first(x, y);
                        if constexpr (repairs) acc = acc | need(x, y);
                    }
                    for (int c = 0; c < SB; ++c)
                        IO::store(f.second(w[c], x_at(k + c * O::W), y_at(k + c * O::W)), out + k + c * O::W);
                },
                flagged,
                [&](int64_t k0, int steps) {
                    if constexpr (repairs)
                        repair_chunk2<O>(need, fix, x_at, y_at, a, sa, b, sb, out, k0, steps * SB);
                });
        }
        return i0 + map_chunks<O::W, repairs>(
                        n - i0, M{},
                        [&](int64_t k, M& acc) {
                            V x = x_at(i0 + k), y = y_at(i0 + k);
                            IO::store(f(x, y), out + i0 + k);
                            if constexpr (repairs) acc = acc | need(x, y);
                        },
                        flagged,
                        [&](int64_t k0, int steps) {
                            if constexpr (repairs)
                                repair_chunk2<O>(need, fix, x_at, y_at, a, sa, b, sb, out, i0 + k0, steps);
                        });
    };
    auto along = [](const S* p) { return [p](int64_t k) { return IO::load(p + k); }; };
    auto fixed = [](const S* p) {
        V v = V{} + static_cast<typename O::E>(*p);
        return [v](int64_t) { return v; };
    };
    int64_t i = 0;
    if (sa == 1 && sb == 1) i = chunks(along(a), along(b));
    else if (sa == 0 && sb == 1) i = chunks(fixed(a), along(b));
    else if (sa == 1 && sb == 0) i = chunks(along(a), fixed(b));
    for (; i < n; i += O::W) {
        int m = n - i < O::W ? static_cast<int>(n - i) : O::W;
        V x = IO::load_part(a + i * sa, sa, m);
        V y = IO::load_part(b + i * sb, sb, m);
        IO::store_part(f(x, y), out + i, m);
        if constexpr (repairs) {
            if (O::mask_bits(need(x, y)) & ((1u << m) - 1))
                repair_part2<O>(need, x, y, fix, a + i * sa, sa, b + i * sb, sb, out + i, m);
        }
    }
}

// The float32-native formulas need fma (their reductions rely on it): where the ISA lacks it,
// float32 items run the float64 formulas instead.
bool unary_f32_native(Fn f, const float* a, int64_t sa, float* out, int64_t n) {
#if BPL_HAS_FMA
    using O = VecOps32;
    using V32 = VecOps32::V;
    NoRepair never32;
    auto same = [](double x) { return x; };
    auto magnitude = [](V32 x) { return formula32::magnitude_key<O>(x); };
    auto trig = repair_key<O>(magnitude, formula32::TRIG_REPAIR_ABOVE);
    switch (f) {
    case Fn::Exp:
        map1<VecOps32>([](V32 x) { return formula32::exp_fast<O>(x); },
                 repair_key<O>(magnitude, formula32::EXP_REPAIR_ABOVE),
                 full([](V32 x) { return formula32::exp<O>(x); }),
                 a, sa, out, n);
        return true;
    case Fn::Expm1:
        map1<VecOps32>([](V32 x) { return formula32::expm1_core<O>(x); },
                 repair_key<O>(magnitude, formula32::EXPM1_REPAIR_ABOVE),
                 full([](V32 x) { return formula32::expm1<O>(x); }),
                 a, sa, out, n);
        return true;
    case Fn::Ln:
        map1<VecOps32>([](V32 x) { return formula32::log_fast<O>(x); },
                 repair_key<O>([](V32 x) { return formula32::log_repair_key<O>(x); },
                               formula32::LOG_REPAIR_ABOVE),
                 full([](V32 x) { return formula32::log<O>(x); }),
                 a, sa, out, n);
        return true;
    case Fn::Tanh:
        map1<VecOps32>([](V32 x) { return formula32::tanh_fast<O>(x); },
                 repair_key<O>([](V32 x) { return formula::zero_flag_key<O>(x); },
                               formula32::TANH_REPAIR_ABOVE),
                 full([](V32 x) { return formula32::tanh<O>(x); }),
                 a, sa, out, n);
        return true;
    case Fn::Sin:
        map1<VecOps32>(staged([](V32 x) { return formula32::sin_reduce<O>(x); },
                              [](V32 r, V32) { return formula32::sin_half_period<O>(r); }),
                 repair_key<O>([](V32 x) { return formula::zero_flag_key<O>(x); },
                               formula::zero_flag_above(formula32::TRIG_REPAIR_ABOVE)),
                 full([](V32 x) { return formula32::sin<O>(x); }, trig, repair::sin), a, sa, out, n);
        return true;
    case Fn::Cos:
        map1<VecOps32>(staged([](V32 x) { return formula32::cos_reduce<O>(x); },
                              [](V32 r, V32) { return formula32::sin_half_period<O>(r); }),
                       trig, repair::cos, a, sa, out, n);
        return true;
    case Fn::Tan:
        map1<VecOps32>(staged([](V32 x) { typename O::I q; return formula32::trig_reduce<O>(x, q); },
                              [](V32 r, V32 x) { return formula32::tan_of_reduced<O>(r, x); }),
                       trig, repair::tan, a, sa, out, n);
        return true;
    case Fn::Atan: map1<VecOps32>([](V32 x) { return formula32::atan<O>(x); }, never32, same, a, sa, out, n); return true;
    case Fn::Log1p:
        map1<VecOps32>([](V32 x) { return formula32::log1p_fast<O>(x); },
                 repair_key<O>([](V32 x) { return formula32::log1p_repair_key<O>(x); },
                               formula32::LOG_REPAIR_ABOVE),
                 full([](V32 x) { return formula32::log1p<O>(x); }),
                 a, sa, out, n);
        return true;
    case Fn::Cbrt:
        map1<VecOps32>([](V32 x) { return formula32::cbrt_fast<O>(x); },
                 repair_key<O>([](V32 x) { return formula32::cbrt_repair_key<O>(x); },
                               formula32::LOG_REPAIR_ABOVE),
                 full([](V32 x) { return formula32::cbrt<O>(x); }),
                 a, sa, out, n);
        return true;
    case Fn::Asin: map1<VecOps32>([](V32 x) { return formula32::asin<O>(x); }, never32, same, a, sa, out, n); return true;
    // correctly rounded in float32 itself: the same results as on float64 lanes, twice the lanes
    case Fn::Sqrt: map1<VecOps32>([](V32 x) { return O::sqrt(x); }, never32, same, a, sa, out, n); return true;
    case Fn::Reciprocal: map1<VecOps32>([](V32 x) { return 1.0f / x; }, never32, same, a, sa, out, n); return true;
    case Fn::Negate: map1<VecOps32>([](V32 x) { return -x; }, never32, same, a, sa, out, n); return true;
    case Fn::Magnitude: map1<VecOps32>([](V32 x) { return O::abs(x); }, never32, same, a, sa, out, n); return true;
    case Fn::Sinh:
        map1<VecOps32>(staged([](V32 x) { return formula32::sinh_e<O>(x); },
                              [](V32 e, V32 x) { return formula32::sinh_of_e<O>(e, x); }),
                 repair_key<O>(magnitude, formula32::SINH_REPAIR_ABOVE),
                 [](double x) { return formula::sinh<ScalarOps>(x); }, a, sa, out, n);
        return true;
    default: return false;
    }
#else
    (void)f, (void)a, (void)sa, (void)out, (void)n;
    return false;
#endif
}

inline NoRepair never() {
    return {};
}
inline auto no_fix() {
    return [](double x) { return x; };
}

template <class S>
bool unary_kind(Fn f, const S* a, int64_t sa, void* out_v, int64_t n) {
    using O = VecOps;
    // ⌊ ⌈ give integers: tolerant on float64 items, exact on float32 (as float64 lanes)
    constexpr bool tolerant = std::is_same_v<S, double>;
    if (f == Fn::Floor || f == Fn::Ceiling) {
        int64_t* ints = static_cast<int64_t*>(out_v);
        if (f == Fn::Floor) map1<O>([](V x) { return formula::floor_int<O, tolerant>(x); }, never(), no_fix(), a, sa, ints, n);
        else map1<O>([](V x) { return formula::ceil_int<O, tolerant>(x); }, never(), no_fix(), a, sa, ints, n);
        return true;
    }
    S* out = static_cast<S*>(out_v);
    if constexpr (std::is_same_v<S, float>)
        if (unary_f32_native(f, a, sa, out, n)) return true;
    const double lim = std::is_same_v<S, double> ? formula::TRIG_LIMIT_F64 : formula::TRIG_LIMIT_F32;
    auto magnitude = [](V x) { return formula::magnitude_key<O>(x); };
    auto trig_need = repair_key<O>(magnitude, formula::trig_repair_above(lim));
    switch (f) {
#define BPL_PLAIN(Name, call)                                                                      \
    case Fn::Name: map1<O>(call, never(), no_fix(), a, sa, out, n); return true;
        BPL_PLAIN(Sqrt, [](V x) { return formula::SqrtRecipe::common<O>(x); })
        BPL_PLAIN(Tanh, [](V x) { return formula::tanh<O>(x); })
        BPL_PLAIN(Atan, [](V x) { return formula::atan<O>(x); })
        BPL_PLAIN(Asin, [](V x) { return formula::asin<O>(x); })
        BPL_PLAIN(Acos, [](V x) { return formula::acos<O>(x); })
        BPL_PLAIN(Asinh, [](V x) { return formula::asinh<O>(x); })
        BPL_PLAIN(Acosh, [](V x) { return formula::acosh<O>(x); })
        BPL_PLAIN(Atanh, [](V x) { return formula::atanh<O>(x); })
        BPL_PLAIN(PiTimes, [](V x) { return formula::PiTimesRecipe::common<O>(x); })
        BPL_PLAIN(Negate, [](V x) { return -x; })
        BPL_PLAIN(Magnitude, [](V x) { return formula::MagnitudeRecipe::common<O>(x); })
        BPL_PLAIN(Reciprocal, [](V x) { return 1.0 / x; })
#undef BPL_PLAIN
    case Fn::Cbrt:
        map1<O>([](V x) { return formula::cbrt_fast<O>(x); },
             repair_key<O>([](V x) { return formula::cbrt_repair_key<O>(x); }, formula::LOG_REPAIR_ABOVE),
             full([](V x) { return formula::cbrt<O>(x); }), a, sa, out, n);
        return true;
    case Fn::Exp:
        map1<O>([](V x) { return formula::ExpRecipe::common<O>(x); },
             repair_key<O>([](V x) { return formula::ExpRecipe::key<O>(x); }, formula::ExpRecipe::ABOVE),
             full([](V x) { return formula::ExpRecipe::full<O>(x); }),
             a, sa, out, n);
        return true;
    case Fn::Sinh:
        map1<O>(staged([](V x) { return formula::sinh_e<O>(x); },
                       [](V e, V x) { return formula::sinh_of_e<O>(e, x); }),
             repair_key<O>(magnitude, formula::EXPM1_REPAIR_ABOVE),
             full([](V x) { return formula::sinh<O>(x); }), a, sa, out, n);
        return true;
    case Fn::Cosh:
        map1<O>([](V x) { return formula::cosh_fast<O>(x); },
             repair_key<O>(magnitude, formula::EXP_REPAIR_ABOVE),
             full([](V x) { return formula::cosh<O>(x); }), a, sa, out, n);
        return true;
    case Fn::Expm1:
        map1<O>([](V x) { return formula::expm1_core<O>(x); },
             repair_key<O>(magnitude, formula::EXPM1_REPAIR_ABOVE),
             full([](V x) { return formula::expm1<O>(x); }), a, sa, out, n);
        return true;
    case Fn::Log1p:
        map1<O>([](V x) { return formula::log1p_fast<O>(x); },
             repair_key<O>([](V x) { return formula::log1p_repair_key<O>(x); }, formula::LOG_REPAIR_ABOVE),
             full([](V x) { return formula::log1p<O>(x); }), a, sa, out, n);
        return true;
    case Fn::Ln:
        map1<O>([](V x) { return formula::log_fast<O>(x); },
             repair_key<O>([](V x) { return formula::log_repair_key<O>(x); }, formula::LOG_REPAIR_ABOVE),
             full([](V x) { return formula::log<O>(x); }), a, sa, out, n);
        return true;
    case Fn::Sin:
        map1<O>(staged([](V x) { return formula::sin_reduce<O>(x); },
                       [](V r, V) { return formula::sin_half_period<O>(r); }),
             repair_key<O>([](V x) { return formula::zero_flag_key<O>(x); },
                           formula::zero_flag_above(formula::trig_repair_above(lim))),
             full([](V x) { return formula::sin<O>(x); }, trig_need, repair::sin), a, sa, out, n);
        return true;
    case Fn::Cos:
        map1<O>(staged([](V x) { return formula::cos_reduce<O>(x); },
                       [](V r, V) { return formula::sin_half_period<O>(r); }),
                trig_need, repair::cos, a, sa, out, n);
        return true;
    case Fn::Tan:
        map1<O>(staged([](V x) { typename O::I q; return formula::trig_reduce<O>(x, q); },
                       [](V r, V x) { return formula::tan_of_reduced<O>(r, x); }),
                trig_need, repair::tan, a, sa, out, n);
        return true;
    default:
        return false;
    }
}

// The comparisons, Booleans out, on the items' own width: float64 with the comparison tolerance
// (scalar::teq, lane by lane: x = y, or |x−y| finite and at most CT·max(|x|,|y|)), float32 exactly.
template <class Own, class S>
bool compare_kind(Fn f, const S* a, int64_t sa, const S* b, int64_t sb, uint8_t* out, int64_t n) {
    using V = typename Own::V;
    auto teq = [](V x, V y) {
        if constexpr (std::is_same_v<S, double>) {
            V d = Own::abs(x - y), fx = Own::abs(x), fy = Own::abs(y);
            return (x == y) | ((d <= CT * (fx > fy ? fx : fy)) & (d < __builtin_inf()));
        } else {
            return x == y;
        }
    };
    auto none2 = [](double x, double) { return x; };
    switch (f) {
#define BPL_COMPARE(Name, call)                                                                    \
    case Fn::Name: map2<Own>(call, never(), none2, a, sa, b, sb, out, n); return true;
        BPL_COMPARE(Equal, [&](V x, V y) { return teq(x, y); })
        BPL_COMPARE(NotEqual, [&](V x, V y) { return ~teq(x, y); })
        BPL_COMPARE(Less, [&](V x, V y) { return (x < y) & ~teq(x, y); })
        BPL_COMPARE(LessEqual, [&](V x, V y) { return (x < y) | teq(x, y); })
        BPL_COMPARE(Greater, [&](V x, V y) { return (x > y) & ~teq(x, y); })
        BPL_COMPARE(GreaterEqual, [&](V x, V y) { return (x > y) | teq(x, y); })
#undef BPL_COMPARE
    default: return false;
    }
}

template <class S>
bool binary_kind(Fn f, const S* a, int64_t sa, const S* b, int64_t sb, void* out_v, int64_t n) {
    using O = VecOps;
    // + − × ÷ ⌊ ⌈ are exact in either width (a float64 sum rounded to float32 is the float32 sum),
    // so they run on the items' own width: float32 items fill twice the lanes
    using Own = std::conditional_t<std::is_same_v<S, float>, VecOps32, VecOps>;
    S* out = static_cast<S*>(out_v);
    auto none2 = [](double x, double) { return x; };
    switch (f) {
    case Fn::Equal:
    case Fn::NotEqual:
    case Fn::Less:
    case Fn::LessEqual:
    case Fn::Greater:
    case Fn::GreaterEqual: // Booleans out
        return compare_kind<Own>(f, a, sa, b, sb, static_cast<uint8_t*>(out_v), n);
#define BPL_PLAIN(Ops, Name, call)                                                                 \
    case Fn::Name: map2<Ops>(call, never(), none2, a, sa, b, sb, out, n); return true;
        BPL_PLAIN(Own, Add, [](auto x, auto y) { return x + y; })
        BPL_PLAIN(Own, Subtract, [](auto x, auto y) { return x - y; })
        BPL_PLAIN(Own, Multiply, [](auto x, auto y) { return x * y; })
        BPL_PLAIN(Own, Divide, [](auto x, auto y) { return x / y; })
        // beside NaN the other argument is returned
        BPL_PLAIN(Own, Min, [](auto x, auto y) { return formula::MinRecipe::common<Own>(x, y); })
        BPL_PLAIN(Own, Max, [](auto x, auto y) { return formula::MaxRecipe::common<Own>(x, y); })
        // the quotient of two ln needs each within about an ulp: the EXTRA form
        BPL_PLAIN(O, Log, ([](V x, V y) { return formula::log<O, true>(y) / formula::log<O, true>(x); }))
#undef BPL_PLAIN
    case Fn::Residue:
        if constexpr (std::is_same_v<S, double>)
            map2<O>([](V x, V y) { return formula::residue<O>(x, y, true); },
                  [](V x, V y) { return formula::residue_needs_repair<O>(x, y); }, repair::residue,
                  a, sa, b, sb, out, n);
        else
            map2<O>(
                [](V x, V y) {
                    // a residue that rounds to X in float32 is 0 (|X|Y| < |X| always)
                    V r = formula::residue<O>(x, y, false);
                    V back = __builtin_convertvector(__builtin_convertvector(r, VecOps::F), V);
                    return O::select(back == x, V{}, r);
                },
                  [](V x, V y) { return formula::residue_needs_repair<O>(x, y); },
                  repair::residue_f32, a, sa, b, sb, out, n);
        return true;
    case Fn::Power:
        if constexpr (std::is_same_v<S, double>)
            map2<O>(staged([](V x, V y) { return formula::pow_w<O, true>(x, y); },
                           [](V w, V x, V y) { return formula::pow_from_w<O>(w, x, y); }),
                  [](V x, V y) { return formula::pow_needs_repair<O>(x, y); },
                  full([](V x, V y) { return formula::pow<O>(x, y); }), a, sa, b, sb, out, n);
        else
            map2<O>(staged([](V x, V y) { return formula::pow_narrow_w<O>(x, y); },
                           [](V w, V, V) { return formula::pow_narrow_from_w<O>(w); }),
                  [](V x, V y) { return formula::pow_needs_repair<O>(x, y); },
                  full([](V x, V y) { return formula::pow<O, true>(x, y); }), a, sa, b, sb, out, n);
        return true;
    default:
        return false;
    }
}

// A reassociated fold of op over n items at stride s: four block accumulators (independent
// chains), then their lanes, all combined by op; partial blocks are padded with op's identity.
template <class O, class S, class Op>
typename O::E fold_blocks(const S* a, int64_t s, int64_t n, typename O::E init, Op op) {
    using V = typename O::V;
    using IO = Io<O, S>;
    constexpr int BW = O::W;
    V acc[4] = {V{} + init, V{} + init, V{} + init, V{} + init};
    int64_t i = 0;
    if (s == 1)
        for (; i + 4 * BW <= n; i += 4 * BW)
            for (int u = 0; u < 4; ++u) acc[u] = op(acc[u], IO::load(a + i + u * BW));
    for (; i < n; i += BW) {
        int m = n - i < BW ? static_cast<int>(n - i) : BW;
        V x = IO::load_part(a + i * s, s, m);
        for (int j = m; j < BW; ++j) x[j] = init;
        acc[0] = op(acc[0], x);
    }
    V v = op(op(acc[0], acc[1]), op(acc[2], acc[3]));
    typename O::E r = v[0];
    for (int j = 1; j < BW; ++j) {
        V one = V{} + init, rr = V{} + init;
        one[0] = v[j], rr[0] = r;
        r = op(rr, one)[0];
    }
    return r;
}

// Integer lanes for integer folds: the same block loop over W·8/sizeof(T) items of T.
template <class T>
struct IntOps {
    static constexpr int W = BPL_W * 8 / static_cast<int>(sizeof(T));
    using E = T;
    typedef T V __attribute__((vector_size(sizeof(T) * W)));
};
template <class T>
struct Io<IntOps<T>, T> {
    using V = typename IntOps<T>::V;
    static V load(const T* p) {
        V x;
        std::memcpy(&x, p, sizeof(x));
        return x;
    }
    static V load_part(const T* p, int64_t s, int m) {
        V x{};
        for (int j = 0; j < m; ++j) x[j] = p[j * s];
        return x;
    }
};

// Reassociating folds, as the objects allow: + × ⌊ ⌈ on floats (functions.md 0.6), and on
// integers, where they are exact (+ and × wrap at the kind's width, in unsigned lanes).
template <class S>
bool fold_kind(Fn f, const S* a, int64_t s, int64_t n, S* out) {
    if constexpr (std::is_floating_point_v<S>) {
        using O = VecOps;
        using V = typename O::V;
        switch (f) {
        case Fn::Add: *out = static_cast<S>(fold_blocks<O>(a, s, n, 0.0, [](V x, V y) { return x + y; })); return true;
        case Fn::Multiply: *out = static_cast<S>(fold_blocks<O>(a, s, n, 1.0, [](V x, V y) { return x * y; })); return true;
        // beside NaN the other argument is returned, as the binary kernels: a NaN item leaves the
        // accumulator, which is never NaN, so one compare-and-select (one vminpd/vmaxpd) does it
        case Fn::Min:
            *out = static_cast<S>(fold_blocks<O>(a, s, n, __builtin_inf(), [](V acc, V x) { return x < acc ? x : acc; }));
            return true;
        case Fn::Max:
            *out = static_cast<S>(fold_blocks<O>(a, s, n, -__builtin_inf(), [](V acc, V x) { return x > acc ? x : acc; }));
            return true;
        default: return false;
        }
    } else {
        using O = IntOps<S>;
        using V = typename O::V;
        using U = std::make_unsigned_t<S>;
        typedef U UV __attribute__((vector_size(sizeof(V))));
        switch (f) {
        case Fn::Add: *out = fold_blocks<O>(a, s, n, S(0), [](V x, V y) { return (V)((UV)x + (UV)y); }); return true;
        case Fn::Multiply: *out = fold_blocks<O>(a, s, n, S(1), [](V x, V y) { return (V)((UV)x * (UV)y); }); return true;
        case Fn::Min: *out = fold_blocks<O>(a, s, n, std::numeric_limits<S>::max(), [](V x, V y) { return y < x ? y : x; }); return true;
        case Fn::Max: *out = fold_blocks<O>(a, s, n, std::numeric_limits<S>::min(), [](V x, V y) { return y > x ? y : x; }); return true;
        default: return false;
        }
    }
}

} // namespace bpl::math::vec::BPL_ISA

// The entry points each ISA file exports: the unary and binary routes of a kind, and fold.
#define BPL_VEC_ENTRY_POINTS                                                                       \
    namespace bpl::math::vec::BPL_ISA {                                                            \
    template <class S>                                                                             \
    bool unary_of(Fn f, const void* a, int64_t sa, void* out, int64_t n) {                         \
        bool ran = unary_kind(f, static_cast<const S*>(a), sa, out, n);                            \
        leave_wide_registers();                                                                    \
        return ran;                                                                                \
    }                                                                                              \
    template <class S>                                                                             \
    bool binary_of(Fn f, const void* a, int64_t sa, const void* b, int64_t sb, void* out,          \
                   int64_t n) {                                                                    \
        bool ran = binary_kind(f, static_cast<const S*>(a), sa, static_cast<const S*>(b), sb, out, \
                               n);                                                                 \
        leave_wide_registers();                                                                    \
        return ran;                                                                                \
    }                                                                                              \
    UnaryRoute unary_route(Kind k) {                                                               \
        return k == Kind::F64 ? &unary_of<double> : k == Kind::F32 ? &unary_of<float> : nullptr;   \
    }                                                                                              \
    BinaryRoute binary_route(Kind k) {                                                             \
        return k == Kind::F64 ? &binary_of<double> : k == Kind::F32 ? &binary_of<float> : nullptr; \
    }                                                                                              \
    bool fold(Fn f, Kind k, const void* a, int64_t s, int64_t n, void* out) {                      \
        bool ran = false;                                                                          \
        switch (k) {                                                                               \
        case Kind::F64:                                                                            \
            ran = fold_kind(f, static_cast<const double*>(a), s, n, static_cast<double*>(out));    \
            break;                                                                                 \
        case Kind::F32:                                                                            \
            ran = fold_kind(f, static_cast<const float*>(a), s, n, static_cast<float*>(out));      \
            break;                                                                                 \
        case Kind::Int:                                                                            \
        case Kind::I64:                                                                            \
            ran = fold_kind(f, static_cast<const int64_t*>(a), s, n, static_cast<int64_t*>(out));  \
            break;                                                                                 \
        case Kind::I32:                                                                            \
            ran = fold_kind(f, static_cast<const int32_t*>(a), s, n, static_cast<int32_t*>(out));  \
            break;                                                                                 \
        default: break;                                                                            \
        }                                                                                          \
        leave_wide_registers();                                                                    \
        return ran;                                                                                \
    }                                                                                              \
    }
