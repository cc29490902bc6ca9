// Number theory on 64-bit integers: primality, neighbouring primes, the prime-counting function
// and its inverse, factorization and Euler's totient; and the Call routines over buffers that run
// them for ⍭ and ⨸ (search.h lists the routines). Exact integers beyond 64 bits are not here.
#pragma once

#include "math/kernel.h"

#include <cstdint>
#include <vector>

namespace bpl::math {

// The largest value prime_count and nth_prime reach (2^40): counting past it costs seconds and
// its memory grows as the square root, so ⍭, ⍭⁻ and ∞⨸ give LIMIT ERROR beyond it.
constexpr uint64_t PRIME_LIMIT = uint64_t{1} << 40;
// The most primes nth_prime indexes: π(PRIME_LIMIT), so nth_prime(n) needs n < NTH_PRIME_LIMIT.
constexpr uint64_t NTH_PRIME_LIMIT = 41203088796;

// Whether n is prime: deterministic for every 64-bit n (trial division by small primes, then
// strong probable-prime tests to bases proven sufficient below 2^64). Never throws.
bool is_prime(uint64_t n) noexcept;
// The smallest prime above n, or 0 when it is not below 2^64. Never throws.
uint64_t next_prime(uint64_t n) noexcept;
// The largest prime below n, or 0 when there is none (n ≤ 2). Never throws.
uint64_t prev_prime(uint64_t n) noexcept;
// The prime factors of n ≥ 1 in ascending order, with multiplicity (none for 1), appended to
// `out`: trial division by small primes, then Pollard–Brent rho on what remains. Deterministic.
void factor(uint64_t n, std::vector<uint64_t>& out);
// Euler's totient of n ≥ 1: how many of 1…n are coprime to n.
uint64_t totient(uint64_t n);
// π(x): how many primes are ≤ x, for x ≤ PRIME_LIMIT (a sieved table below 2^22, the
// Lucy–Hedgehog recurrence above it: about x^¾ steps, memory 16·√x bytes).
uint64_t prime_count(uint64_t x);
// The prime with n primes before it (nth_prime(0) is 2), for n < NTH_PRIME_LIMIT: a table
// below 2^22, else π at an estimate and a segmented sieve to the prime itself.
uint64_t nth_prime(uint64_t n);

// The number-theory Call routines (search.h's Routine, from NthPrime on): `a` holds n items of
// kind k (Int, F64 or C128; floats must lie within 1E¯14 of an integer, complex items need a zero
// imaginary part), `out` holds `nout` items, nout/n per item. Data errors (DOMAIN, LIMIT) go to
// the slot; the item's output is then 0.
enum class Routine : uint8_t;
void run_number_routine(Routine r, number::Kind k, const void* a, int64_t n, void* out,
                        int64_t nout, ErrorSlot& slot);

} // namespace bpl::math
