// Exact rationals over GMP's mpq: construction, conversion, spelling and arithmetic. The only
// file that includes gmp.h.
#include "number/exact.h"

#include "base/error.h"

#include <gmp.h>

#include <climits>
#include <cmath>
#include <cstring>
#include <functional>

namespace bpl::number {

static_assert(sizeof(mpq_t) <= 32 && alignof(__mpq_struct) <= 8, "Exact::rep_ holds an mpq_t");

struct ExactAccess {
    static Ref<Exact> make() { return Ref<Exact>(new Exact()); }
    static mpq_ptr q(Exact& e) { return reinterpret_cast<mpq_ptr>(e.rep_); }
    static mpq_srcptr q(const Exact& e) { return reinterpret_cast<mpq_srcptr>(e.rep_); }
};

namespace {

mpq_srcptr q_of(const Exact& e) { return ExactAccess::q(e); }

// A new Exact; `fill` sets its mpq (already initialised to 0) in canonical form.
template <class F>
Ref<Exact> made(F&& fill) {
    Ref<Exact> r = ExactAccess::make();
    fill(ExactAccess::q(*r));
    return r;
}

[[noreturn]] void domain(const char* message) { base::fail(base::ErrorKind::Domain, message); }

// Reads optional '-' or "¯" then one or more ASCII digits into z; false for anything else.
bool read_integer(std::string_view text, mpz_ptr z) {
    bool negative = false;
    if (!text.empty() && text[0] == '-') {
        negative = true;
        text.remove_prefix(1);
    } else if (text.substr(0, 2) == "\xC2\xAF") { // ¯
        negative = true;
        text.remove_prefix(2);
    }
    if (text.empty()) return false;
    for (char c : text)
        if (c < '0' || c > '9') return false;
    std::string digits(text);
    if (mpz_set_str(z, digits.c_str(), 10) != 0) return false;
    if (negative) mpz_neg(z, z);
    return true;
}

// The decimal text of z with APL's high minus.
std::string apl_text(mpz_srcptr z) {
    std::string s(mpz_sizeinbase(z, 10) + 2, '\0');
    mpz_get_str(s.data(), 10, z);
    s.resize(std::strlen(s.c_str()));
    if (!s.empty() && s[0] == '-') s.replace(0, 1, "\xC2\xAF");
    return s;
}

// An mpz with automatic clearing.
struct Z {
    mpz_t z;
    Z() { mpz_init(z); }
    ~Z() { mpz_clear(z); }
    Z(const Z&) = delete;
    Z& operator=(const Z&) = delete;
};

void set_i64(mpz_ptr z, int64_t i) {
    // mpz_set_si takes a long, which is 64 bits on the platforms we build for.
    static_assert(sizeof(long) == 8);
    mpz_set_si(z, static_cast<long>(i));
}

} // namespace

Exact::Exact() { mpq_init(ExactAccess::q(*this)); }
Exact::~Exact() { mpq_clear(ExactAccess::q(*this)); }

Ref<Exact> Exact::of(int64_t i) {
    return made([&](mpq_ptr q) { set_i64(mpq_numref(q), i); });
}

Ref<Exact> Exact::of(int64_t num, int64_t den) {
    if (den == 0) domain("an exact number with a zero denominator");
    return made([&](mpq_ptr q) {
        set_i64(mpq_numref(q), num);
        set_i64(mpq_denref(q), den);
        mpq_canonicalize(q);
    });
}

Ref<Exact> Exact::of_double(double d) {
    if (!std::isfinite(d)) domain("an infinite or NaN number has no exact value");
    return made([&](mpq_ptr q) { mpq_set_d(q, d); }); // exact: a double is a dyadic rational
}

Ref<Exact> Exact::parse(std::string_view num, std::string_view den) {
    Z n, d;
    if (!read_integer(num, n.z) || !read_integer(den, d.z)) return {};
    if (mpz_sgn(d.z) == 0) domain("an exact number with a zero denominator");
    return made([&](mpq_ptr q) {
        mpz_swap(mpq_numref(q), n.z);
        mpz_swap(mpq_denref(q), d.z);
        mpq_canonicalize(q);
    });
}

bool Exact::is_integer() const noexcept { return mpz_cmp_ui(mpq_denref(q_of(*this)), 1) == 0; }
int Exact::sign() const noexcept { return mpq_sgn(q_of(*this)); }

std::optional<int64_t> Exact::try_i64() const noexcept {
    mpq_srcptr q = q_of(*this);
    if (!is_integer() || !mpz_fits_slong_p(mpq_numref(q))) return std::nullopt;
    return static_cast<int64_t>(mpz_get_si(mpq_numref(q)));
}

// Correct rounding (mpq_get_d truncates): scale n/d so the integer quotient Q carries 55 or 56
// bits, keep 53 of them (fewer in the subnormal range), and round to nearest even using the
// dropped bits and the division's remainder as a sticky bit.
double Exact::to_double() const noexcept {
    mpq_srcptr q = q_of(*this);
    int sgn = mpq_sgn(q);
    if (sgn == 0) return 0.0;
    Z n, d, quot, rem;
    mpz_abs(n.z, mpq_numref(q));
    mpz_set(d.z, mpq_denref(q));
    long k = static_cast<long>(mpz_sizeinbase(n.z, 2)) - static_cast<long>(mpz_sizeinbase(d.z, 2));
    long s = 55 - k; // n·2^s/d lies in (2^54, 2^56)
    if (s >= 0) mpz_mul_2exp(n.z, n.z, static_cast<mp_bitcnt_t>(s));
    else mpz_mul_2exp(d.z, d.z, static_cast<mp_bitcnt_t>(-s));
    mpz_tdiv_qr(quot.z, rem.z, n.z, d.z);
    long bits = static_cast<long>(mpz_sizeinbase(quot.z, 2));
    // Value = (quot + rem/d)·2^-s. Keep 53 bits, or fewer so the last kept bit is ≥ 2^-1074.
    long drop = std::max(bits - 53, s - 1074);
    double result;
    if (drop > bits + 1) {
        result = 0.0; // below half the smallest subnormal
    } else {
        Z kept, low, half;
        mpz_fdiv_q_2exp(kept.z, quot.z, static_cast<mp_bitcnt_t>(drop));
        mpz_fdiv_r_2exp(low.z, quot.z, static_cast<mp_bitcnt_t>(drop));
        mpz_setbit(half.z, static_cast<mp_bitcnt_t>(drop - 1));
        int c = mpz_cmp(low.z, half.z);
        bool sticky = mpz_sgn(rem.z) != 0;
        if (c > 0 || (c == 0 && (sticky || mpz_odd_p(kept.z)))) mpz_add_ui(kept.z, kept.z, 1);
        long e = drop - s;
        if (e > 4096) e = 4096; // overflows to ∞ either way
        result = std::ldexp(static_cast<double>(mpz_get_ui(kept.z)), static_cast<int>(e));
    }
    return sgn < 0 ? -result : result;
}

std::string Exact::spell() const {
    mpq_srcptr q = q_of(*this);
    std::string s = apl_text(mpq_numref(q));
    s += "\xE1\xB5\xA3"; // ᵣ
    if (!is_integer()) s += apl_text(mpq_denref(q));
    return s;
}

std::string Exact::numerator_text() const {
    mpz_srcptr z = mpq_numref(q_of(*this));
    std::string s(mpz_sizeinbase(z, 10) + 2, '\0');
    mpz_get_str(s.data(), 10, z);
    s.resize(std::strlen(s.c_str()));
    return s;
}
std::string Exact::denominator_text() const {
    mpz_srcptr z = mpq_denref(q_of(*this));
    std::string s(mpz_sizeinbase(z, 10) + 2, '\0');
    mpz_get_str(s.data(), 10, z);
    s.resize(std::strlen(s.c_str()));
    return s;
}

size_t Exact::hash() const noexcept {
    mpq_srcptr q = q_of(*this);
    size_t h = std::hash<unsigned long>()(mpz_getlimbn(mpq_numref(q), 0)) ^
               static_cast<size_t>(mpq_sgn(q) + 1) * 0x9e3779b97f4a7c15ULL;
    h ^= std::hash<unsigned long>()(mpz_getlimbn(mpq_denref(q), 0)) + 0x9e3779b9 + (h << 6) + (h >> 2);
    return h ^ mpz_size(mpq_numref(q));
}

int compare(const Exact& a, const Exact& b) noexcept { return mpq_cmp(q_of(a), q_of(b)); }
bool equal(const Exact& a, const Exact& b) noexcept { return mpq_equal(q_of(a), q_of(b)) != 0; }

Ref<Exact> add(const Exact& a, const Exact& b) {
    return made([&](mpq_ptr r) { mpq_add(r, q_of(a), q_of(b)); });
}
Ref<Exact> subtract(const Exact& a, const Exact& b) {
    return made([&](mpq_ptr r) { mpq_sub(r, q_of(a), q_of(b)); });
}
Ref<Exact> multiply(const Exact& a, const Exact& b) {
    return made([&](mpq_ptr r) { mpq_mul(r, q_of(a), q_of(b)); });
}
Ref<Exact> divide(const Exact& a, const Exact& b) {
    if (b.sign() == 0) domain("exact division by zero");
    return made([&](mpq_ptr r) { mpq_div(r, q_of(a), q_of(b)); });
}
Ref<Exact> negate(const Exact& a) {
    return made([&](mpq_ptr r) { mpq_neg(r, q_of(a)); });
}
Ref<Exact> magnitude(const Exact& a) {
    return made([&](mpq_ptr r) { mpq_abs(r, q_of(a)); });
}
Ref<Exact> reciprocal(const Exact& a) {
    if (a.sign() == 0) domain("exact division by zero");
    return made([&](mpq_ptr r) { mpq_inv(r, q_of(a)); });
}
Ref<Exact> floor(const Exact& a) {
    return made([&](mpq_ptr r) {
        mpz_fdiv_q(mpq_numref(r), mpq_numref(q_of(a)), mpq_denref(q_of(a)));
    });
}
Ref<Exact> ceiling(const Exact& a) {
    return made([&](mpq_ptr r) {
        mpz_cdiv_q(mpq_numref(r), mpq_numref(q_of(a)), mpq_denref(q_of(a)));
    });
}

Ref<Exact> residue(const Exact& x, const Exact& y) {
    if (x.sign() == 0) return made([&](mpq_ptr r) { mpq_set(r, q_of(y)); });
    Ref<Exact> whole = floor(*divide(y, x));
    return subtract(y, *multiply(x, *whole));
}

const Exact& min(const Exact& a, const Exact& b) noexcept { return compare(a, b) <= 0 ? a : b; }
const Exact& max(const Exact& a, const Exact& b) noexcept { return compare(a, b) >= 0 ? a : b; }

Ref<Exact> power(const Exact& a, int64_t n) {
    mpq_srcptr q = q_of(a);
    if (n < 0 && a.sign() == 0) domain("exact zero to a negative power");
    // Numerator and denominator are raised apart; they stay coprime, so the result is canonical.
    uint64_t m = n < 0 ? uint64_t(0) - static_cast<uint64_t>(n) : static_cast<uint64_t>(n);
    auto too_big = [&](mpz_srcptr z) {
        size_t bits = mpz_sizeinbase(z, 2);
        return mpz_cmpabs_ui(z, 1) > 0 && m > (uint64_t(1) << 32) / bits;
    };
    if (too_big(mpq_numref(q)) || too_big(mpq_denref(q)))
        base::fail(base::ErrorKind::Limit, "an exact power too large to hold");
    return made([&](mpq_ptr r) {
        if (a.sign() == 0) {
            mpz_set_ui(mpq_numref(r), n == 0 ? 1 : 0);
            return;
        }
        mpz_pow_ui(mpq_numref(r), mpq_numref(q), static_cast<unsigned long>(m));
        mpz_pow_ui(mpq_denref(r), mpq_denref(q), static_cast<unsigned long>(m));
        if (n < 0) mpq_inv(r, r);
    });
}

// For fractions in lowest terms a/b and c/d: gcd = gcd(a,c)/lcm(b,d).
Ref<Exact> gcd(const Exact& a, const Exact& b) {
    return made([&](mpq_ptr r) {
        mpz_gcd(mpq_numref(r), mpq_numref(q_of(a)), mpq_numref(q_of(b)));
        if (mpz_sgn(mpq_numref(r)) == 0) return;
        mpz_lcm(mpq_denref(r), mpq_denref(q_of(a)), mpq_denref(q_of(b)));
        mpq_canonicalize(r);
    });
}

Ref<Exact> lcm(const Exact& a, const Exact& b) {
    if (a.sign() == 0 || b.sign() == 0) return Exact::of(0);
    Ref<Exact> g = gcd(a, b);
    return divide(*multiply(a, b), *g);
}

std::optional<Ref<Exact>> try_root(const Exact& a, int64_t n) {
    if (n < 1) return std::nullopt;
    if (a.sign() < 0 && n % 2 == 0) return std::nullopt;
    mpq_srcptr q = q_of(a);
    Z num, den;
    if (!mpz_root(num.z, mpq_numref(q), static_cast<unsigned long>(n))) return std::nullopt;
    if (!mpz_root(den.z, mpq_denref(q), static_cast<unsigned long>(n))) return std::nullopt;
    return made([&](mpq_ptr r) {
        mpz_swap(mpq_numref(r), num.z);
        mpz_swap(mpq_denref(r), den.z);
    });
}

} // namespace bpl::number
