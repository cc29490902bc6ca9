// Number theory (math/primes.h) against independent oracles: a plain sieve of Eratosthenes and
// trial division written here, published values of π(x) and of the n-th prime, known 64-bit
// primes, Carmichael numbers and the smallest strong pseudoprimes to the first prime bases.
#include "math/primes.h"

#include "math/search.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

namespace bpl::math {
namespace {

using u64 = uint64_t;

constexpr u64 SIEVE_TOP = u64{1} << 23; // twice the table primes.cpp sieves

// The oracle: is_composite[n] for n < SIEVE_TOP, by the textbook sieve.
const std::vector<bool>& sieve() {
    static const std::vector<bool> S = [] {
        std::vector<bool> s(SIEVE_TOP, true);
        s[0] = s[1] = false;
        for (u64 i = 2; i * i < SIEVE_TOP; i++)
            if (s[i])
                for (u64 j = i * i; j < SIEVE_TOP; j += i) s[j] = false;
        return s;
    }();
    return S;
}

// The oracle's factorization: trial division by every integer.
std::vector<u64> trial_factor(u64 n) {
    std::vector<u64> out;
    for (u64 d = 2; d * d <= n; d++)
        while (n % d == 0) {
            out.push_back(d);
            n /= d;
        }
    if (n > 1) out.push_back(n);
    return out;
}

TEST(Primes, PrimalityMatchesTheSieve) {
    const auto& s = sieve();
    for (u64 n = 0; n < 2000000; n++) ASSERT_EQ(is_prime(n), s[n]) << n;
    for (u64 n = (u64{1} << 22) - 100000; n < (u64{1} << 22) + 100000; n++) // the table's end
        ASSERT_EQ(is_prime(n), s[n]) << n;
}

TEST(Primes, NeighboursMatchTheSieve) {
    const auto& s = sieve();
    u64 last = 0; // the largest prime seen so far
    for (u64 n = 0; n < 500000; n++) {
        u64 next = n + 1;
        while (!s[next]) next++;
        ASSERT_EQ(next_prime(n), next) << n;
        ASSERT_EQ(prev_prime(n), n <= 2 ? 0 : last) << n;
        if (s[n]) last = n;
    }
}

std::vector<int64_t> run(Routine r, const std::vector<int64_t>& a, int64_t width, ErrorSlot& slot) {
    std::vector<int64_t> out(a.size() * static_cast<size_t>(width));
    run_routine(r, number::Kind::Int, a.data(), static_cast<int64_t>(a.size()), nullptr, 0, 1,
                out.data(), static_cast<int64_t>(out.size()), slot);
    return out;
}

TEST(Primes, CountsAndIndicesMatchTheSieve) {
    const auto& s = sieve();
    std::vector<u64> below(SIEVE_TOP + 1, 0), primes; // below[n]: primes below n
    for (u64 n = 0; n < SIEVE_TOP; n++) {
        below[n + 1] = below[n] + s[n];
        if (s[n]) primes.push_back(n);
    }
    for (u64 n : std::vector<u64>{0, 1, 2, 3, 1000, 4194301, 4194304, 5000000, SIEVE_TOP - 1}) {
        EXPECT_EQ(prime_count(n), below[n + 1]) << n;
    }
    for (size_t i : {size_t{0}, size_t{1000}, size_t{295946}, size_t{295947}, primes.size() - 1})
        EXPECT_EQ(nth_prime(i), primes[i]) << i;
    // The routines batch their items (sorted, one sieve walk); give them a shuffled sample that
    // crosses the table's end, with repeats.
    std::mt19937_64 rng(11);
    std::vector<int64_t> xs, is;
    for (u64 n = 0; n <= SIEVE_TOP; n += 1 + rng() % 5000) xs.push_back(static_cast<int64_t>(n));
    for (u64 i = 0; i < primes.size(); i += 1 + rng() % 700) is.push_back(static_cast<int64_t>(i));
    xs.push_back(xs[xs.size() / 2]);
    is.push_back(is[is.size() / 3]);
    std::shuffle(xs.begin(), xs.end(), rng);
    std::shuffle(is.begin(), is.end(), rng);
    ErrorSlot slot;
    std::vector<int64_t> counts = run(Routine::PrimeCount, xs, 1, slot);
    std::vector<int64_t> nth = run(Routine::NthPrime, is, 1, slot);
    EXPECT_FALSE(slot.has_error());
    for (size_t j = 0; j < xs.size(); j++) ASSERT_EQ(counts[j], static_cast<int64_t>(below[xs[j]])) << xs[j];
    for (size_t j = 0; j < is.size(); j++) ASSERT_EQ(nth[j], static_cast<int64_t>(primes[is[j]])) << is[j];
}

TEST(Primes, PublishedCounts) {
    EXPECT_EQ(prime_count(1000000), 78498u);
    EXPECT_EQ(prime_count(10000000), 664579u);       // above the table: the Lucy recurrence
    EXPECT_EQ(prime_count(1000000000), 50847534u);
    EXPECT_EQ(prime_count(10000000000ull), 455052511u);
    EXPECT_EQ(prime_count(15485863), 1000000u);       // the millionth prime itself
    EXPECT_EQ(prime_count(15485862), 999999u);
}

TEST(Primes, PublishedNthPrimes) {
    EXPECT_EQ(nth_prime(9999), 104729u);
    EXPECT_EQ(nth_prime(999999), 15485863u);
    EXPECT_EQ(nth_prime(9999999), 179424673u);
    EXPECT_EQ(nth_prime(99999999), 2038074743u);
    EXPECT_EQ(nth_prime(999999999), 22801763489u);
}

TEST(Primes, TheLimitsAgree) {
    // NTH_PRIME_LIMIT is π(2^40) (OEIS A007053); its last index is the largest prime below 2^40.
    EXPECT_EQ(prime_count(PRIME_LIMIT), NTH_PRIME_LIMIT);
    EXPECT_EQ(nth_prime(NTH_PRIME_LIMIT - 1), 1099511627689u);
    EXPECT_EQ(prev_prime(PRIME_LIMIT), 1099511627689u);
    EXPECT_EQ(next_prime(PRIME_LIMIT), 1099511627791u);
}

TEST(Primes, Known64BitPrimes) {
    for (u64 p : {2305843009213693951ull,   // 2^61 − 1
                  9223372036854775783ull,   // the largest prime below 2^63
                  18446744073709551557ull,  // the largest prime below 2^64
                  1000000007ull, 1000000009ull, 4294967291ull, 4294967311ull})
        EXPECT_TRUE(is_prime(p)) << p;
    for (u64 n : {18446744073709551615ull, 9223372036854775807ull, 4294967297ull /* 641·6700417 */,
                  1000000016000000063ull /* 1000000007·1000000009 */})
        EXPECT_FALSE(is_prime(n)) << n;
    EXPECT_EQ(next_prime(9223372036854775783ull), 9223372036854775837ull);
    EXPECT_EQ(prev_prime(9223372036854775837ull), 9223372036854775783ull);
    EXPECT_EQ(next_prime(18446744073709551557ull), 0u); // none below 2^64
    EXPECT_EQ(prev_prime(18446744073709551615ull), 18446744073709551557ull);
}

TEST(Primes, PseudoprimesAreComposite) {
    // Carmichael numbers: Fermat liars for every coprime base.
    for (u64 n : {561ull, 1105ull, 1729ull, 41041ull, 825265ull, 321197185ull, 5394826801ull,
                  232250619601ull, 9746347772161ull})
        EXPECT_FALSE(is_prime(n)) << n;
    // The smallest strong pseudoprimes to the bases 2; 2,3; 2,3,5; … 2..23 (OEIS A014233).
    for (u64 n : {2047ull, 1373653ull, 25326001ull, 3215031751ull, 2152302898747ull,
                  3474749660383ull, 341550071728321ull, 3825123056546413051ull})
        EXPECT_FALSE(is_prime(n)) << n;
    // Strong pseudoprimes to the bases 2, 7 and 61 are above the 4759123141 that switches bases.
    EXPECT_FALSE(is_prime(4759123141ull));
    EXPECT_EQ(trial_factor(4759123141ull), (std::vector<u64>{48781, 97561}));
}

TEST(Primes, FactorsMatchTrialDivision) {
    std::mt19937_64 rng(7);
    std::vector<u64> got;
    for (int i = 0; i < 3000; i++) {
        u64 n = 1 + rng() % (i < 1500 ? 1000000 : 1000000000000ull);
        got.clear();
        factor(n, got);
        ASSERT_EQ(got, trial_factor(n)) << n;
    }
    got.clear();
    factor(1, got);
    EXPECT_TRUE(got.empty());
}

TEST(Primes, FactorsOfHard64BitNumbers) {
    std::vector<u64> got;
    auto check = [&](u64 n, std::vector<u64> want) {
        got.clear();
        factor(n, got);
        EXPECT_EQ(got, want) << n;
        u64 product = 1;
        for (u64 p : got) product *= p;
        EXPECT_EQ(product, n);
    };
    check(1000000016000000063ull, {1000000007, 1000000009});
    check(18446744073709551615ull, {3, 5, 17, 257, 641, 65537, 6700417});
    check(4294967291ull * 4294967279ull, {4294967279ull, 4294967291ull});
    check(9223372036854775807ull, {7, 7, 73, 127, 337, 92737, 649657});
    check(1000003ull * 1000003ull * 1000003ull, {1000003, 1000003, 1000003});
    check(3825123056546413051ull, {149491, 747451, 34233211}); // a strong liar to the bases to 31
    check(uint64_t{1} << 63, std::vector<u64>(63, 2));
    check(18446744073709551557ull, {18446744073709551557ull});
}

TEST(Primes, TotientCountsCoprimes) {
    for (u64 n = 1; n < 2000; n++) {
        u64 coprime = 0;
        for (u64 k = 1; k <= n; k++) coprime += std::gcd(k, n) == 1;
        ASSERT_EQ(totient(n), coprime) << n;
    }
    EXPECT_EQ(totient(1000000016000000063ull), 1000000006ull * 1000000008ull);
}

// --- the Call routines ---

TEST(PrimeRoutines, IndexCountAndFactorTables) {
    ErrorSlot slot;
    EXPECT_EQ(run(Routine::NthPrime, {9999, 0, 9999, 1, 4}, 1, slot),
              (std::vector<int64_t>{104729, 2, 104729, 3, 11}));
    EXPECT_EQ(run(Routine::PrimeCount, {1, 2, 3, 4, 5, 6, -7, 104730}, 1, slot),
              (std::vector<int64_t>{0, 0, 1, 2, 2, 3, 0, 10000}));
    EXPECT_EQ(run(Routine::Factors, {2, 12}, 3, slot), (std::vector<int64_t>{2, 0, 0, 2, 2, 3}));
    EXPECT_EQ(run(Routine::FactorCount, {700, 1}, 1, slot), (std::vector<int64_t>{5, 0}));
    EXPECT_EQ(run(Routine::FactorSpan, {700, 1}, 1, slot), (std::vector<int64_t>{4, 0}));
    EXPECT_EQ(run(Routine::Exponents, {700}, 10, slot),
              (std::vector<int64_t>{2, 0, 2, 1, 0, 0, 0, 0, 0, 0}));
    EXPECT_EQ(run(Routine::FactorTable, {700}, 4, slot), (std::vector<int64_t>{5, 7, 2, 1}));
    EXPECT_EQ(run(Routine::FactorTable, {700, 6}, 6, slot),
              (std::vector<int64_t>{2, 5, 7, 2, 2, 1, 2, 3, 0, 1, 1, 0}));
    EXPECT_FALSE(slot.has_error());
}

TEST(PrimeRoutines, DataErrorsGoToTheSlot) {
    auto kind_of = [](Routine r, std::vector<int64_t> a) {
        ErrorSlot slot;
        run(r, a, 1, slot);
        return slot.has_error() ? static_cast<int>(slot.kind) : -1;
    };
    EXPECT_EQ(kind_of(Routine::NthPrime, {-1}), static_cast<int>(base::ErrorKind::Domain));
    EXPECT_EQ(kind_of(Routine::NthPrime, {int64_t{1} << 40}), static_cast<int>(base::ErrorKind::Limit));
    EXPECT_EQ(kind_of(Routine::PrevPrime, {2}), static_cast<int>(base::ErrorKind::Domain));
    EXPECT_EQ(kind_of(Routine::NextPrime, {INT64_MAX - 10}), static_cast<int>(base::ErrorKind::Limit));
    EXPECT_EQ(kind_of(Routine::FactorCount, {0}), static_cast<int>(base::ErrorKind::Domain));
    EXPECT_EQ(kind_of(Routine::Totient, {0}), static_cast<int>(base::ErrorKind::Domain));
    EXPECT_EQ(kind_of(Routine::FactorSpan, {2305843009213693951}), static_cast<int>(base::ErrorKind::Limit));
    EXPECT_EQ(kind_of(Routine::IsPrime, {-5}), -1);
}

TEST(PrimeRoutines, FloatItemsWithinToleranceOfAnInteger) {
    ErrorSlot slot;
    std::vector<double> a = {1.000000000000001, 4.0};
    std::vector<int64_t> out(2);
    run_routine(Routine::NthPrime, number::Kind::F64, a.data(), 2, nullptr, 0, 1, out.data(), 2, slot);
    EXPECT_EQ(out, (std::vector<int64_t>{3, 11}));
    EXPECT_FALSE(slot.has_error());
    a = {2.5, 3};
    run_routine(Routine::IsPrime, number::Kind::F64, a.data(), 2, nullptr, 0, 1, out.data(), 2, slot);
    EXPECT_TRUE(slot.has_error());
    EXPECT_EQ(slot.kind, base::ErrorKind::Domain);
}

} // namespace
} // namespace bpl::math
