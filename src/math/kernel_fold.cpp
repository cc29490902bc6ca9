// fold(): right-to-left reductions of one Fn over a strided buffer (kernel.h); the vector route
// reassociates + × ⌊ ⌈ on floats, as the objects allow.
#include "math/kernel.h"

#include "math/ops_table.h"
#include "math/vec.h"

namespace bpl::math {

namespace {

template <class Op, class S>
void fold_loop(const S* a, int64_t s, int64_t n, void* out, ErrorSlot& slot) {
    using C = calc_t<S>;
    C acc = load<S>(a[(n - 1) * s]);
    for (int64_t i = n - 2; i >= 0; --i) acc = static_cast<C>(Op::apply(load<S>(a[i * s]), acc, slot));
    *static_cast<S*>(out) = store<S>(acc);
}

} // namespace

void fold(Fn f, Kind k, const void* a, int64_t s, int64_t n, void* out, ErrorSlot& slot) {
    if (n <= 0) return;
    if (vec::try_fold(f, k, a, s, n, out)) return;
    switch (f) {
#define BPL_CASE(Name)                                                                             \
    case Fn::Name:                                                                                 \
        return with_kind(k, [&](auto tag) {                                                        \
            using S = typename decltype(tag)::type;                                                \
            if constexpr (std::is_void_v<S> || is_chr_v<S>) {                                      \
                unsupported(k, out, 1, slot, f);                                                   \
            } else if constexpr (!std::is_same_v<typename scalar::Name::template Out<S>, S>) {     \
                slot.record(base::ErrorKind::Internal, "fold whose result kind differs");          \
            } else {                                                                               \
                fold_loop<scalar::Name, S>(static_cast<const S*>(a), s, n, out, slot);             \
            }                                                                                      \
        });
        BPL_DYADIC(BPL_CASE)
#undef BPL_CASE
    default:
        slot.record(base::ErrorKind::Internal, "fold of a monadic function");
    }
}

} // namespace bpl::math
