// Exact: an unbounded exact rational, the ᵣ kind (decisions.md D1), over GMP. Immutable once
// made and shared through Ref; every exact computation lives here (math/ has no Exact kernels).
// GMP stays behind exact.cpp: this header includes nothing from it.
#pragma once

#include "base/ref.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace bpl::number {

using base::Ref;

// A rational in lowest terms with a positive denominator (an integer has denominator 1).
// Functions that make one return a new Ref; none changes an existing Exact.
class Exact final : public base::RefCounted {
  public:
    ~Exact();

    // The integer i.
    static Ref<Exact> of(int64_t i);
    // num/den in lowest terms. Throws base::Error (DOMAIN) when den is 0.
    static Ref<Exact> of(int64_t num, int64_t den);
    // A finite double, exactly from its stored bits (0.1 is not 1ᵣ10). Throws DOMAIN for ∞ or NaN.
    static Ref<Exact> of_double(double d);
    // Literal text: `num` and `den` are ASCII decimal digits, each with an optional leading '-'
    // (or the high minus "¯"). Returns nullptr when either is not such text; throws DOMAIN when
    // the denominator is zero (1r0, 0r0).
    static Ref<Exact> parse(std::string_view num, std::string_view den = "1");

    bool is_integer() const noexcept;
    // -1, 0 or 1.
    int sign() const noexcept;
    // The value as an int64 when it is whole and in range.
    std::optional<int64_t> try_i64() const noexcept;
    // The nearest double (ties to even), ±∞ beyond the double range, subnormals rounded correctly.
    double to_double() const noexcept;
    // Read-back spelling: "1ᵣ3", "¯2ᵣ3", a whole value "5ᵣ" (language.md §12.1).
    std::string spell() const;
    // Numerator and denominator in decimal, '-' for a negative numerator (for text formats).
    std::string numerator_text() const;
    std::string denominator_text() const;
    // Equal values hash equally.
    size_t hash() const noexcept;

  private:
    friend struct ExactAccess;
    Exact();
    alignas(8) unsigned char rep_[32]; // an mpq_t, opaque here
};

// Comparison: <0, 0, >0 as a is less than, equal to or greater than b.
int compare(const Exact& a, const Exact& b) noexcept;
bool equal(const Exact& a, const Exact& b) noexcept;

// Arithmetic; each returns a new value. divide throws DOMAIN for a zero divisor.
Ref<Exact> add(const Exact& a, const Exact& b);
Ref<Exact> subtract(const Exact& a, const Exact& b);
Ref<Exact> multiply(const Exact& a, const Exact& b);
Ref<Exact> divide(const Exact& a, const Exact& b);
Ref<Exact> negate(const Exact& a);
Ref<Exact> magnitude(const Exact& a);
// 1÷a; DOMAIN for 0.
Ref<Exact> reciprocal(const Exact& a);
Ref<Exact> floor(const Exact& a);
Ref<Exact> ceiling(const Exact& a);
// X|Y = Y − X×⌊Y÷X⌋, and Y when X is 0 (the result takes X's sign).
Ref<Exact> residue(const Exact& x, const Exact& y);
const Exact& min(const Exact& a, const Exact& b) noexcept;
const Exact& max(const Exact& a, const Exact& b) noexcept;
// a*n for an integer exponent; DOMAIN for 0 to a negative power, LIMIT for an exponent whose
// result would not fit in memory.
Ref<Exact> power(const Exact& a, int64_t n);
// Nonnegative GCD of rationals (the largest rational both are whole multiples of): 0∨0 is 0.
Ref<Exact> gcd(const Exact& a, const Exact& b);
// LCM with the sign of the product (0 when either is 0).
Ref<Exact> lcm(const Exact& a, const Exact& b);
// The exact n-th root (n ≥ 1) when there is one: √1ᵣ9 is 1ᵣ3; nothing for √2 or √¯1 (even n).
std::optional<Ref<Exact>> try_root(const Exact& a, int64_t n);

} // namespace bpl::number
