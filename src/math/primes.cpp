// Number theory on 64-bit integers (primes.h): Montgomery arithmetic for the strong probable-prime
// test and Pollard–Brent rho, a sieved table of the small primes, a segmented sieve, and the
// Lucy–Hedgehog recurrence for π(x). The Call routines over buffers are at the end.
#include "math/primes.h"

#include "math/search.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <complex>
#include <numeric>
#include <optional>
#include <utility>

namespace bpl::math {

using number::Kind;
using u64 = uint64_t;
using u128 = unsigned __int128;

namespace {

// --- the small primes ---

// The primes below SMALL_BOUND, sieved once. Their squares pass PRIME_LIMIT, so they sieve
// every segment a count or an index needs.
constexpr u64 SMALL_BOUND = u64{1} << 22;

const std::vector<uint32_t>& small_primes() {
    static const std::vector<uint32_t> PRIMES = [] {
        std::vector<bool> composite(SMALL_BOUND, false);
        std::vector<uint32_t> ps;
        ps.reserve(300000);
        for (u64 i = 2; i < SMALL_BOUND; i++) {
            if (composite[i]) continue;
            ps.push_back(static_cast<uint32_t>(i));
            for (u64 j = i * i; j < SMALL_BOUND; j += i) composite[j] = true;
        }
        return ps;
    }();
    return PRIMES;
}

// π(x) for x < SMALL_BOUND.
u64 small_count(u64 x) {
    const auto& ps = small_primes();
    return static_cast<u64>(std::upper_bound(ps.begin(), ps.end(), x) - ps.begin());
}

// --- Montgomery arithmetic modulo an odd n (values kept as a·2^64 mod n) ---

struct Montgomery {
    u64 n, inv, one, r2; // inv: n·inv ≡ 1 (mod 2^64); one: 2^64 mod n; r2: 2^128 mod n
    explicit Montgomery(u64 m) : n(m), inv(m) {
        for (int i = 0; i < 5; i++) inv *= 2 - n * inv; // Newton: 5 steps reach 64 bits
        one = (0 - n) % n;
        r2 = static_cast<u64>(static_cast<u128>(one) * one % n);
    }
    // t·2^-64 mod n, for t < n·2^64.
    u64 reduce(u128 t) const {
        u64 m = static_cast<u64>(t) * inv;
        u64 hi = static_cast<u64>(t >> 64), mn = static_cast<u64>((static_cast<u128>(m) * n) >> 64);
        return hi >= mn ? hi - mn : hi - mn + n;
    }
    u64 mul(u64 a, u64 b) const { return reduce(static_cast<u128>(a) * b); }
    u64 to(u64 a) const { return mul(a % n, r2); }
    u64 add(u64 a, u64 b) const {
        u64 s = a + b;
        return (s < a || s >= n) ? s - n : s;
    }
    u64 pow(u64 a, u64 e) const {
        u64 r = one;
        for (; e; e >>= 1, a = mul(a, a))
            if (e & 1) r = mul(r, a);
        return r;
    }
};

// The strong probable-prime test of odd n > 37 to base a.
bool strong_probable_prime(const Montgomery& m, u64 a) {
    u64 d = m.n - 1;
    int s = std::countr_zero(d);
    d >>= s;
    u64 minus_one = m.n - m.one;
    u64 x = m.pow(m.to(a), d);
    if (x == m.one || x == minus_one) return true;
    for (int i = 1; i < s; i++) {
        x = m.mul(x, x);
        if (x == minus_one) return true;
    }
    return false;
}

constexpr uint32_t TRIAL_PRIMES[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37};

// --- factorization ---

u64 gcd(u64 a, u64 b) { return std::gcd(a, b); }

// A proper divisor of the odd composite n (Pollard–Brent rho in Montgomery form; the product of
// differences is gcd'd once per block of 128 steps). Tries c = 1, 2, … until a divisor falls
// out, so the result is deterministic.
u64 rho_divisor(u64 n) {
    Montgomery m(n);
    for (u64 c0 = 1;; c0++) {
        u64 c = m.to(c0);
        auto f = [&](u64 x) { return m.add(m.mul(x, x), c); };
        u64 y = m.to(2), x = y, saved = y, g = 1, q = m.one;
        for (u64 r = 1; g == 1; r <<= 1) {
            x = y;
            for (u64 i = 0; i < r; i++) y = f(y);
            for (u64 k = 0; k < r && g == 1; k += 128) {
                saved = y;
                for (u64 i = 0; i < std::min<u64>(128, r - k); i++) {
                    y = f(y);
                    q = m.mul(q, x > y ? x - y : y - x);
                }
                g = gcd(q, n);
            }
        }
        if (g == n) { // the block overshot: step again one at a time from its start
            do {
                saved = f(saved);
                g = gcd(x > saved ? x - saved : saved - x, n);
            } while (g == 1);
        }
        if (g != n) return g;
    }
}

void factor_rest(u64 n, std::vector<u64>& out) {
    if (n == 1) return;
    if (is_prime(n)) {
        out.push_back(n);
        return;
    }
    u64 d = rho_divisor(n);
    factor_rest(d, out);
    factor_rest(n / d, out);
}

// The distinct prime factors of n ≥ 1 with their exponents, ascending.
std::vector<std::pair<u64, int64_t>> factor_pairs(u64 n) {
    std::vector<u64> fs;
    factor(n, fs);
    std::vector<std::pair<u64, int64_t>> pairs;
    for (u64 p : fs) {
        if (!pairs.empty() && pairs.back().first == p) pairs.back().second++;
        else pairs.emplace_back(p, 1);
    }
    return pairs;
}

// --- the segmented sieve ---

constexpr u64 SEGMENT = u64{1} << 21; // numbers per segment

// The primes in [lo, hi) (hi ≤ PRIME_LIMIT + 1, hi − lo ≤ SEGMENT), ascending, into `out`.
void segment_primes(u64 lo, u64 hi, std::vector<u64>& out) {
    out.clear();
    if (hi <= lo) return;
    if (lo <= 2 && hi > 2) out.push_back(2);
    u64 first = std::max<u64>(lo, 3) | 1; // odd numbers first, first + 2, … below hi
    if (first >= hi) return;
    u64 count = (hi - first + 1) / 2;
    std::vector<uint8_t> composite(count, 0);
    for (uint32_t p32 : small_primes()) {
        u64 p = p32;
        if (p == 2) continue;
        if (p * p >= hi) break;
        u64 start = std::max(p * p, (first + p - 1) / p * p);
        if (start % 2 == 0) start += p;
        for (u64 j = (start - first) / 2; j < count; j += p) composite[j] = 1;
    }
    for (u64 i = 0; i < count; i++)
        if (!composite[i]) out.push_back(first + 2 * i);
}

// --- π(x) ---

// floor(x / d) for x, d ≤ 2^41: a float quotient, corrected by one where it rounded across.
inline u64 quotient(u64 x, u64 d) {
    u64 q = static_cast<u64>(static_cast<double>(x) / static_cast<double>(d));
    if (q * d > x) q--;
    else if ((q + 1) * d <= x) q++;
    return q;
}

// π(x) by the Lucy–Hedgehog recurrence: S(v) counts the numbers in 2…v not struck out by the
// primes so far, for every v of the form x/i; striking p takes S(v) −= S(v/p) − S(p−1).
u64 lucy_count(u64 x) {
    u64 r = static_cast<u64>(std::sqrt(static_cast<double>(x)));
    while (r * r > x) r--;
    while ((r + 1) * (r + 1) <= x) r++;
    std::vector<uint32_t> lo(r + 1); // lo[v] = S(v), v ≤ r
    std::vector<u64> hi(r + 1);      // hi[i] = S(x / i), i ≤ r
    for (u64 v = 1; v <= r; v++) lo[v] = static_cast<uint32_t>(v - 1);
    for (u64 i = 1; i <= r; i++) hi[i] = quotient(x, i) - 1;
    for (u64 p = 2; p <= r; p++) {
        if (lo[p] == lo[p - 1]) continue; // p was struck: not prime
        u64 sp = lo[p - 1], p2 = p * p;
        u64 last = std::min(r, quotient(x, p2));
        for (u64 i = 1; i <= last; i++) {
            u64 d = i * p;
            hi[i] -= (d <= r ? hi[d] : lo[quotient(x, d)]) - sp;
        }
        for (u64 v = r; v >= p2; v--) lo[v] -= static_cast<uint32_t>(lo[v / p] - sp);
    }
    return hi[1];
}

// How far a walk along the sieve goes before a fresh π at x is cheaper: the recurrence costs
// about x^¾ steps, the sieve about two steps per number (measured).
u64 walk_limit(u64 x) {
    return std::max<u64>(u64{1} << 20, static_cast<u64>(std::pow(static_cast<double>(x), 0.75) / 2));
}

// A position on the number line and π there, moved along the sieve. The last sieved segment is
// kept, so neighbouring requests (⍭⍳N) read one segment rather than sieving one each.
struct Cursor {
    u64 at = 0, count = 0; // count = π(at)
    bool valid = false;
    u64 seg_lo = 0, seg_hi = 0; // the segment [seg_lo, seg_hi) holds at + 1 … (or is empty)
    std::vector<u64> primes;    // the primes of the segment, ascending
    size_t seen = 0;            // how many of them are ≤ at

    void set(u64 x, u64 c) {
        at = x;
        count = c;
        valid = true;
        seg_lo = seg_hi = x + 1;
        primes.clear();
        seen = 0;
    }
    // Moves the segment on to the next numbers above it; the primes left in it are counted.
    void next_segment() {
        count += primes.size() - seen;
        seg_lo = seg_hi;
        seg_hi = seg_lo + SEGMENT;
        segment_primes(seg_lo, seg_hi, primes);
        seen = 0;
    }
    // π(x) for x ≥ at.
    u64 count_to(u64 x) {
        while (x >= seg_hi) next_segment();
        size_t upto = static_cast<size_t>(std::upper_bound(primes.begin(), primes.end(), x) - primes.begin());
        count += upto - seen;
        seen = upto;
        at = x;
        return count;
    }
    // The t-th prime (1-based, t > count); the cursor stops on it.
    u64 up_to_index(u64 t) {
        while (count + (primes.size() - seen) < t) next_segment();
        seen += static_cast<size_t>(t - count);
        count = t;
        at = primes[seen - 1];
        return at;
    }
    // The t-th prime (1-based, t ≤ count) by sieving downward; the cursor stops on it, with the
    // segment it was found in.
    u64 down_to_index(u64 t) {
        for (;;) {
            u64 lo = at + 1 > SEGMENT ? at + 1 - SEGMENT : 0;
            seg_lo = lo;
            seg_hi = at + 1;
            segment_primes(lo, seg_hi, primes);
            u64 k = primes.size();
            if (count - k < t) {
                seen = static_cast<size_t>(t - (count - k));
                count = t;
                at = primes[seen - 1];
                return at;
            }
            count -= k;
            at = lo - 1;
        }
    }
};

// An estimate of the m-th prime (1-based, m ≥ 6), within a fraction of a percent.
u64 estimate_nth(u64 m) {
    double l = std::log(static_cast<double>(m)), ll = std::log(l);
    double p = static_cast<double>(m) * (l + ll - 1 + (ll - 2) / l);
    return static_cast<u64>(std::min(p, static_cast<double>(PRIME_LIMIT)));
}

// An upper bound of the m-th prime (1-based): the table, or m(ln m + ln ln m) for m ≥ 6.
u64 bound_nth(u64 m) {
    const auto& ps = small_primes();
    if (m <= ps.size()) return ps[m - 1];
    double l = std::log(static_cast<double>(m));
    return static_cast<u64>(static_cast<double>(m) * (l + std::log(l))) + 1;
}

// π(x) for each x (each ≤ PRIME_LIMIT): ascending, so near neighbours share one sieve walk.
std::vector<u64> prime_counts(const std::vector<u64>& xs) {
    std::vector<size_t> order(xs.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](size_t i, size_t j) { return xs[i] < xs[j]; });
    std::vector<u64> out(xs.size());
    Cursor c;
    for (size_t i : order) {
        u64 x = xs[i];
        if (x < SMALL_BOUND) {
            out[i] = small_count(x);
            continue;
        }
        if (!c.valid || x - c.at > walk_limit(x)) c.set(x, lucy_count(x));
        out[i] = c.count_to(x);
    }
    return out;
}

// The t-th prime (1-based) for each t (each ≤ NTH_PRIME_LIMIT), ascending like prime_counts.
std::vector<u64> nth_primes(const std::vector<u64>& ts) {
    std::vector<size_t> order(ts.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](size_t i, size_t j) { return ts[i] < ts[j]; });
    std::vector<u64> out(ts.size());
    const auto& ps = small_primes();
    Cursor c;
    for (size_t i : order) {
        u64 t = ts[i];
        if (t <= ps.size()) {
            out[i] = ps[t - 1];
            continue;
        }
        if (c.valid && t == c.count) {
            out[i] = c.at;
            continue;
        }
        u64 x = estimate_nth(t);
        bool walk = c.valid && t > c.count && (x <= c.at || x - c.at <= walk_limit(x));
        if (!walk) c.set(x, lucy_count(x));
        out[i] = t > c.count ? c.up_to_index(t) : c.down_to_index(t);
    }
    return out;
}

// --- the routines' items ---

constexpr double TWO_63 = 9223372036854775808.0;

// Item i of `a` (kind Int, F64 or C128) as an integer; false after recording DOMAIN (not an
// integer within 1E¯14, or a complex item with an imaginary part) or LIMIT (outside 64 bits).
bool integer_at(Kind k, const void* a, int64_t i, int64_t& out, ErrorSlot& slot) {
    if (k == Kind::Int) {
        out = static_cast<const int64_t*>(a)[i];
        return true;
    }
    double f;
    if (k == Kind::C128) {
        std::complex<double> z = static_cast<const std::complex<double>*>(a)[i];
        if (z.imag() != 0) {
            slot.record(base::ErrorKind::Domain, "expected integers, not complex numbers");
            return false;
        }
        f = z.real();
    } else {
        f = static_cast<const double*>(a)[i];
    }
    double r = std::nearbyint(f);
    if (!std::isfinite(f) || std::fabs(f - r) > 1e-14 * std::fmax(std::fabs(f), std::fabs(r))) {
        slot.record(base::ErrorKind::Domain, "expected integers");
        return false;
    }
    if (r >= TWO_63 || r < -TWO_63) {
        slot.record(base::ErrorKind::Limit, "integers beyond 64 bits are not supported");
        return false;
    }
    out = static_cast<int64_t>(r);
    return true;
}

constexpr u64 INT_MAX64 = u64{INT64_MAX};

// Each item through `f(value, out)`; `f` records its own errors and returns the result.
template <class T, class F>
void each_item(Kind k, const void* a, int64_t n, T* out, ErrorSlot& slot, F f) {
    for (int64_t i = 0; i < n; i++) {
        int64_t v;
        out[i] = integer_at(k, a, i, v, slot) ? f(v) : T{0};
    }
}

// The items of `a` that pass `valid` as unsigned values, with their positions (the batched
// routines sort them).
template <class F>
void valid_items(Kind k, const void* a, int64_t n, ErrorSlot& slot, F valid,
                 std::vector<u64>& values, std::vector<int64_t>& at) {
    for (int64_t i = 0; i < n; i++) {
        int64_t v;
        if (!integer_at(k, a, i, v, slot)) continue;
        std::optional<u64> x = valid(v);
        if (!x) continue;
        values.push_back(*x);
        at.push_back(i);
    }
}

// The positive integer item i for ⨸, or nullopt after recording DOMAIN.
std::optional<u64> positive_at(Kind k, const void* a, int64_t i, ErrorSlot& slot) {
    int64_t v;
    if (!integer_at(k, a, i, v, slot)) return std::nullopt;
    if (v < 1) {
        slot.record(base::ErrorKind::Domain, "factors are of positive integers");
        return std::nullopt;
    }
    return static_cast<u64>(v);
}

void nth_prime_items(Kind k, const void* a, int64_t n, int64_t* out, ErrorSlot& slot) {
    std::vector<u64> ts;
    std::vector<int64_t> at;
    valid_items(k, a, n, slot, [&](int64_t v) -> std::optional<u64> {
        if (v < 0) slot.record(base::ErrorKind::Domain, "prime indices are nonnegative integers");
        else if (static_cast<u64>(v) >= NTH_PRIME_LIMIT)
            slot.record(base::ErrorKind::Limit, "prime indices are limited to primes below 2^40");
        else return static_cast<u64>(v) + 1;
        return std::nullopt;
    }, ts, at);
    std::fill(out, out + n, 0);
    if (slot.has_error()) return;
    std::vector<u64> ps = nth_primes(ts);
    for (size_t j = 0; j < ps.size(); j++) out[at[j]] = static_cast<int64_t>(ps[j]);
}

void prime_count_items(Kind k, const void* a, int64_t n, int64_t* out, ErrorSlot& slot) {
    std::vector<u64> xs;
    std::vector<int64_t> at;
    std::fill(out, out + n, 0);
    valid_items(k, a, n, slot, [&](int64_t v) -> std::optional<u64> {
        if (v <= 2) return std::nullopt; // no primes below 2: the 0 stays
        if (static_cast<u64>(v) - 1 > PRIME_LIMIT)
            slot.record(base::ErrorKind::Limit, "prime counts are limited to 2^40");
        else return static_cast<u64>(v) - 1;
        return std::nullopt;
    }, xs, at);
    if (slot.has_error()) return;
    std::vector<u64> cs = prime_counts(xs);
    for (size_t j = 0; j < cs.size(); j++) out[at[j]] = static_cast<int64_t>(cs[j]);
}

// Factors: each item's factors ascending, 0-padded to the width.
void factor_items(Kind k, const void* a, int64_t n, int64_t* out, int64_t width, ErrorSlot& slot) {
    std::vector<u64> fs;
    for (int64_t i = 0; i < n; i++) {
        int64_t* o = out + i * width;
        std::fill(o, o + width, 0);
        std::optional<u64> v = positive_at(k, a, i, slot);
        if (!v) continue;
        fs.clear();
        factor(*v, fs);
        for (size_t j = 0; j < fs.size() && static_cast<int64_t>(j) < width; j++)
            o[j] = static_cast<int64_t>(fs[j]);
    }
}

// The cell lengths ⨸, ¯∞⨸ and ∞⨸ need: Ω, ω, or π of the largest factor.
void length_items(Routine r, Kind k, const void* a, int64_t n, int64_t* out, ErrorSlot& slot) {
    std::vector<u64> largest;
    std::vector<int64_t> at;
    for (int64_t i = 0; i < n; i++) {
        out[i] = 0;
        std::optional<u64> v = positive_at(k, a, i, slot);
        if (!v) continue;
        auto pairs = factor_pairs(*v);
        if (r == Routine::DistinctCount) {
            out[i] = static_cast<int64_t>(pairs.size());
        } else if (r == Routine::FactorCount) {
            for (auto& pe : pairs) out[i] += pe.second;
        } else if (!pairs.empty()) {
            if (pairs.back().first > PRIME_LIMIT) {
                slot.record(base::ErrorKind::Limit, "exponents are limited to primes below 2^40");
                continue;
            }
            largest.push_back(pairs.back().first);
            at.push_back(i);
        }
    }
    if (largest.empty() || slot.has_error()) return;
    std::vector<u64> cs = prime_counts(largest);
    for (size_t j = 0; j < cs.size(); j++) out[at[j]] = static_cast<int64_t>(cs[j]);
}

// Exponents: the exponent of each of the first `width` primes in each item.
void exponent_items(Kind k, const void* a, int64_t n, int64_t* out, int64_t width, ErrorSlot& slot) {
    std::fill(out, out + n * width, 0);
    if (width == 0) {
        for (int64_t i = 0; i < n; i++) positive_at(k, a, i, slot);
        return;
    }
    u64 top = bound_nth(static_cast<u64>(width)); // no prime past it has an index below width
    std::vector<u64> ps;
    std::vector<int64_t> at, exps;
    for (int64_t i = 0; i < n; i++) {
        std::optional<u64> v = positive_at(k, a, i, slot);
        if (!v) continue;
        for (auto& [p, e] : factor_pairs(*v)) {
            if (p > top || p > PRIME_LIMIT) break;
            ps.push_back(p);
            at.push_back(i);
            exps.push_back(e);
        }
    }
    if (slot.has_error()) return;
    std::vector<u64> index = prime_counts(ps);
    for (size_t j = 0; j < ps.size(); j++)
        if (static_cast<int64_t>(index[j]) <= width) out[at[j] * width + static_cast<int64_t>(index[j]) - 1] = exps[j];
}

// FactorTable: the last min(width, ω) distinct factors of each item over their exponents.
void table_items(Kind k, const void* a, int64_t n, int64_t* out, int64_t width, ErrorSlot& slot) {
    std::fill(out, out + n * 2 * width, 0);
    for (int64_t i = 0; i < n; i++) {
        std::optional<u64> v = positive_at(k, a, i, slot);
        if (!v) continue;
        auto pairs = factor_pairs(*v);
        int64_t d = static_cast<int64_t>(pairs.size()), take = std::min(width, d);
        int64_t* o = out + i * 2 * width;
        for (int64_t j = 0; j < take; j++) {
            o[j] = static_cast<int64_t>(pairs[d - take + j].first);
            o[width + j] = pairs[d - take + j].second;
        }
    }
}

} // namespace

bool is_prime(u64 n) noexcept {
    if (n < SMALL_BOUND) return std::binary_search(small_primes().begin(), small_primes().end(), n);
    for (uint32_t p : TRIAL_PRIMES) {
        if (n == p) return true;
        if (n % p == 0) return false;
    }
    if (n < 41 * 41) return true;
    Montgomery m(n);
    // Bases 2, 7, 61 decide every n below 4759123141 (Jaeschke); the primes to 37 decide every
    // n below 3.3·10^24 (Sorenson and Webster), so every 64-bit n.
    static constexpr u64 SMALL_BASES[] = {2, 7, 61};
    if (n < 4759123141ull) {
        for (u64 b : SMALL_BASES)
            if (!strong_probable_prime(m, b)) return false;
        return true;
    }
    for (uint32_t b : TRIAL_PRIMES)
        if (!strong_probable_prime(m, b)) return false;
    return true;
}

u64 next_prime(u64 n) noexcept {
    if (n < 2) return 2;
    for (u64 p = (n + 1) | 1; p > n; p += 2) // p > n: stops where the sum wraps past 2^64
        if (is_prime(p)) return p;
    return 0;
}

u64 prev_prime(u64 n) noexcept {
    if (n <= 2) return 0;
    if (n == 3) return 2;
    for (u64 p = (n - 2) | 1; p >= 3; p -= 2)
        if (is_prime(p)) return p;
    return 2;
}

void factor(u64 n, std::vector<u64>& out) {
    size_t start = out.size();
    for (uint32_t p : small_primes()) {
        if (p > 1000) break;
        if (static_cast<u64>(p) * p > n) break;
        while (n % p == 0) {
            out.push_back(p);
            n /= p;
        }
    }
    factor_rest(n, out);
    std::sort(out.begin() + static_cast<std::ptrdiff_t>(start), out.end());
}

u64 totient(u64 n) {
    u64 t = n;
    for (auto& pe : factor_pairs(n)) t = t / pe.first * (pe.first - 1);
    return t;
}

u64 prime_count(u64 x) { return prime_counts({x})[0]; }

u64 nth_prime(u64 n) { return nth_primes({n + 1})[0]; }

void run_number_routine(Routine r, Kind k, const void* a, int64_t n, void* out, int64_t nout,
                        ErrorSlot& slot) {
    auto* o = static_cast<int64_t*>(out);
    int64_t width = n > 0 ? nout / n : 0;
    switch (r) {
    case Routine::NthPrime: nth_prime_items(k, a, n, o, slot); return;
    case Routine::PrimeCount: prime_count_items(k, a, n, o, slot); return;
    case Routine::IsPrime:
        each_item(k, a, n, static_cast<uint8_t*>(out), slot,
                  [](int64_t v) { return static_cast<uint8_t>(v > 1 && is_prime(static_cast<u64>(v))); });
        return;
    case Routine::PrevPrime:
        each_item(k, a, n, o, slot, [&](int64_t v) -> int64_t {
            if (v > 2) return static_cast<int64_t>(prev_prime(static_cast<u64>(v)));
            slot.record(base::ErrorKind::Domain, "there is no prime below 2");
            return 0;
        });
        return;
    case Routine::NextPrime:
        each_item(k, a, n, o, slot, [&](int64_t v) -> int64_t {
            u64 p = v < 2 ? 2 : next_prime(static_cast<u64>(v));
            if (p <= INT_MAX64) return static_cast<int64_t>(p);
            slot.record(base::ErrorKind::Limit, "the next prime is beyond the machine integers");
            return 0;
        });
        return;
    case Routine::Totient:
        each_item(k, a, n, o, slot, [&](int64_t v) -> int64_t {
            if (v >= 1) return static_cast<int64_t>(totient(static_cast<u64>(v)));
            slot.record(base::ErrorKind::Domain, "the totient is of positive integers");
            return 0;
        });
        return;
    case Routine::FactorCount:
    case Routine::DistinctCount:
    case Routine::FactorSpan: length_items(r, k, a, n, o, slot); return;
    case Routine::Factors: factor_items(k, a, n, o, width, slot); return;
    case Routine::Exponents: exponent_items(k, a, n, o, width, slot); return;
    case Routine::FactorTable: table_items(k, a, n, o, width / 2, slot); return;
    default: return; // the search routines are search.cpp's
    }
}

} // namespace bpl::math
