// Vector routes: dispatch of float kernels to the widest instantiation the CPU supports.
#include "math/vec.h"

namespace bpl::math::vec {

bool try_unary(Fn, Kind, const void*, int64_t, void*, int64_t) { return false; }
bool try_binary(Fn, Kind, const void*, int64_t, const void*, int64_t, void*, int64_t) {
    return false;
}
bool try_fold(Fn, Kind, const void*, int64_t, int64_t, void*) { return false; }

} // namespace bpl::math::vec
