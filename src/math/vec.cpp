// Vector routes: picks the widest compiled ISA the CPU supports, once; tests may force one.
#include "math/vec.h"

#include "math/formulas.h"
#include "math/ops.h"
#include "math/repair.h"
#include "math/scalar.h"

#include <cmath>

namespace bpl::math {

namespace repair {
double sin(double x) { return std::sin(x); }
double cos(double x) { return std::cos(x); }
double tan(double x) { return std::tan(x); }
double residue(double x, double y) { return scalar::float_residue(x, y); }
double residue_f32(double x, double y) {
    return scalar::float_residue(static_cast<float>(x), static_cast<float>(y));
}
} // namespace repair

namespace vec {

#define BPL_DECLARE(isa)                                                                           \
    namespace isa {                                                                                \
    UnaryRoute unary_route(Kind k);                                                                \
    BinaryRoute binary_route(Kind k);                                                              \
    bool fold(Fn f, Kind k, const void* a, int64_t s, int64_t n, void* out);                       \
    }
BPL_DECLARE(avx512)
BPL_DECLARE(avx2)
BPL_DECLARE(portable)
#undef BPL_DECLARE

namespace {
Isa detect() {
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
        __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw"))
        return Isa::Avx512;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return Isa::Avx2;
    return Isa::Portable;
}
Isa& current() {
    static Isa isa = detect();
    return isa;
}
} // namespace

Isa best_isa() { return detect(); }
Isa isa() { return current(); }
void set_isa(Isa i) { current() = i; }

UnaryRoute unary_route(Kind k) {
    switch (current()) {
    case Isa::Avx512: return avx512::unary_route(k);
    case Isa::Avx2: return avx2::unary_route(k);
    case Isa::Portable: return portable::unary_route(k);
    case Isa::Scalar: return nullptr;
    }
    return nullptr;
}
BinaryRoute binary_route(Kind k) {
    switch (current()) {
    case Isa::Avx512: return avx512::binary_route(k);
    case Isa::Avx2: return avx2::binary_route(k);
    case Isa::Portable: return portable::binary_route(k);
    case Isa::Scalar: return nullptr;
    }
    return nullptr;
}
bool try_fold(Fn f, Kind k, const void* a, int64_t s, int64_t n, void* out) {
    switch (current()) {
    case Isa::Avx512: return avx512::fold(f, k, a, s, n, out);
    case Isa::Avx2: return avx2::fold(f, k, a, s, n, out);
    case Isa::Portable: return portable::fold(f, k, a, s, n, out);
    case Isa::Scalar: return false;
    }
    return false;
}

} // namespace vec
} // namespace bpl::math
