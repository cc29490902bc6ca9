// •decompose and •decompose⁻ (operators-and-system.md §21.4). A matrix's factors are graph values:
// one Call node of math's LAPACK routines (search.h's Routine, Svd to EigenGeneral) writes them
// one after another, and each factor is a Copy of its part. The inverse multiplies factors back
// through prim's rows (the eigen inverse through the EigenCompose routine, which checks that the
// eigenvectors are independent). Nothing here computes a number.
#include "session/names.h"

#include "base/error.h"
#include "math/linalg.h"
#include "math/mapping.h"
#include "math/search.h"
#include "prim/factory.h"
#include "prim/prim.h"
#include "value/array.h"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>

namespace bpl::session {

using base::Error;
using base::ErrorKind;
using number::Kind;
using prim::Prim;
using value::Shape;

namespace {

enum class Form : uint8_t { Svd, Qr, Eigen, Cholesky };

// One row per kind of decomposition: its name, its factors' names in the record, and whether the
// matrix must be square.
struct FormRow {
    std::string_view name;
    Form form;
    std::array<std::string_view, 3> fields; // "" past the last
    bool square;
};

// clang-format off
constexpr FormRow FORMS[] = {
    {"svd",      Form::Svd,      {"u", "s", "v"},         false},
    {"qr",       Form::Qr,       {"q", "r", ""},          false},
    {"eigen",    Form::Eigen,    {"values", "vectors", ""}, true},
    {"cholesky", Form::Cholesky, {"l", "", ""},           true},
};
// clang-format on

const FormRow& form_of(const Value& alpha) {
    if (!is_text(alpha)) throw Error(ErrorKind::Domain, "•decompose's left argument is a kind of decomposition");
    std::string name = text_of(alpha, "•decompose's kind");
    for (const FormRow& row : FORMS)
        if (row.name == name) return row;
    throw Error(ErrorKind::Domain, "•decompose: there is no decomposition \"" + name + "\"");
}

// The kind a matrix computes in: complex128 for complex items, else float64. A matrix is a rank-2
// array of numbers (RANK, DOMAIN).
Kind compute_kind(const Value& m, const char* what) {
    if (m.rank() != 2) throw Error(ErrorKind::Rank, std::string(what) + " must be a matrix");
    Value r = m.read();
    if (r.array_data().is_boxed() || r.kind() == Kind::Char)
        throw Error(ErrorKind::Domain, std::string(what) + " must hold numbers");
    return number::is_complex(r.kind()) ? Kind::C128 : Kind::F64;
}

// Part of a flat factor buffer as an array of `shape`, starting at item `offset`.
Value part(const Value& flat, Shape shape, int64_t offset) {
    math::Mapping m = math::Mapping::strided(shape, math::row_major(shape), offset);
    return prim::copy(flat, std::move(m), std::move(shape));
}

} // namespace

Value decompose(const Value& alpha, const Value& omega) {
    const FormRow& row = form_of(alpha);
    Kind k = compute_kind(omega, "•decompose's argument");
    int64_t m = omega.shape()[0], n = omega.shape()[1], p = std::min(m, n);
    if (row.square && m != n) throw Error(ErrorKind::Length, "•decompose " + std::string(row.name) + " needs a square matrix");
    Value a = prim::convert_to(omega.read(), k);
    auto factors = [&](math::Routine r, Kind out, int64_t count) {
        return prim::routine(r, out, {prim::convert_to(a, out)}, n, value::Desc{out, false, false, {count}});
    };
    auto real = [&](const Value& v) { return k == Kind::C128 ? prim::convert_to(v, Kind::F64) : v; };
    switch (row.form) {
    case Form::Svd: {
        Value f = factors(math::Routine::Svd, k, m * p + p + n * p);
        return record({{"u", part(f, {m, p}, 0)}, {"s", real(part(f, {p}, m * p))}, {"v", part(f, {n, p}, m * p + p)}});
    }
    case Form::Qr: {
        Value f = factors(math::Routine::Qr, k, m * p + p * n);
        return record({{"q", part(f, {m, p}, 0)}, {"r", part(f, {p, n}, m * p)}});
    }
    case Form::Cholesky: return record({{"l", part(factors(math::Routine::Cholesky, k, n * n), {n, n}, 0)}});
    case Form::Eigen: {
        // a Hermitian matrix has real eigenvalues, ascending, and orthonormal vectors; any other
        // has complex ones (deciding which is an observing read of the matrix)
        Value items = a.read();
        bool hermitian = math::is_hermitian(k, items.array_data().data(), n);
        Value f = hermitian ? factors(math::Routine::EigenHermitian, k, n + n * n)
                            : factors(math::Routine::EigenGeneral, Kind::C128, n + n * n);
        Value values = part(f, {n}, 0);
        return record({{"values", hermitian ? real(values) : values}, {"vectors", part(f, {n, n}, n)}});
    }
    }
    throw Error(ErrorKind::Domain, "•decompose: unknown decomposition");
}

namespace {

// The factors of a •decompose record, in the row's order (a missing one DOMAIN).
std::vector<Value> factors_of(const FormRow& row, const Value& omega) {
    std::vector<std::pair<std::string, Value>> fields = fields_of(omega, "•decompose⁻'s argument");
    std::vector<Value> out;
    for (std::string_view name : row.fields) {
        if (name.empty()) break;
        auto at = std::find_if(fields.begin(), fields.end(), [&](const auto& f) { return f.first == name; });
        if (at == fields.end())
            throw Error(ErrorKind::Domain, "•decompose⁻ " + std::string(row.name) + " needs the factor \"" + std::string(name) + "\"");
        out.push_back(at->second);
    }
    return out;
}

// a +.× b through prim's product row (LENGTH when the lengths differ).
Value times(const Value& a, const Value& b) {
    std::optional<Value> z = prim::product(Prim::Plus, Prim::Times, a, b);
    if (!z) throw Error(ErrorKind::Domain, "•decompose⁻'s factors must be numbers");
    return *z;
}

// The conjugate transpose.
Value adjoint(const Value& a) { return prim::call(Prim::Transpose, prim::call(Prim::Plus, a)); }

void check_length(bool ok, const FormRow& row) {
    if (!ok) throw Error(ErrorKind::Length, "•decompose⁻ " + std::string(row.name) + ": the factors' sizes do not agree");
}

// A factor that must be a vector of numbers.
Kind vector_kind(const Value& v, const char* what) {
    if (v.rank() != 1) throw Error(ErrorKind::Rank, std::string(what) + " must be a vector");
    Value r = v.read();
    if (r.array_data().is_boxed() || r.kind() == Kind::Char)
        throw Error(ErrorKind::Domain, std::string(what) + " must hold numbers");
    return number::is_complex(r.kind()) ? Kind::C128 : Kind::F64;
}

} // namespace

Value decompose_inverse(const Value& alpha, const Value& omega) {
    const FormRow& row = form_of(alpha);
    std::vector<Value> f = factors_of(row, omega);
    switch (row.form) {
    case Form::Svd: {
        const Value &u = f[0], &s = f[1], &v = f[2];
        compute_kind(u, "•decompose⁻'s u");
        compute_kind(v, "•decompose⁻'s v");
        vector_kind(s, "•decompose⁻'s s");
        int64_t m = u.shape()[0], p = u.shape()[1];
        check_length(s.shape()[0] == p && v.shape()[1] == p, row);
        // u's columns scaled by s: s read once per row (a broadcast Copy)
        Value scale = prim::copy(s, math::Mapping::strided({m, p}, {0, 1}, 0), {m, p});
        return times(prim::call(Prim::Times, u, scale), adjoint(v));
    }
    case Form::Qr: {
        compute_kind(f[0], "•decompose⁻'s q");
        compute_kind(f[1], "•decompose⁻'s r");
        check_length(f[0].shape()[1] == f[1].shape()[0], row);
        return times(f[0], f[1]);
    }
    case Form::Cholesky: {
        compute_kind(f[0], "•decompose⁻'s l");
        return times(f[0], adjoint(f[0]));
    }
    case Form::Eigen: {
        const Value &values = f[0], &vectors = f[1];
        Kind kv = compute_kind(vectors, "•decompose⁻'s vectors");
        Kind kl = vector_kind(values, "•decompose⁻'s values");
        int64_t n = vectors.shape()[0];
        check_length(vectors.shape()[1] == n && values.shape()[0] == n, row);
        Kind k = kv == Kind::C128 || kl == Kind::C128 ? Kind::C128 : Kind::F64;
        return prim::routine(math::Routine::EigenCompose, k, {prim::convert_to(vectors, k), prim::convert_to(values, k)}, n,
                             value::Desc{k, false, false, {n, n}});
    }
    }
    throw Error(ErrorKind::Domain, "•decompose⁻: unknown decomposition");
}

} // namespace bpl::session
