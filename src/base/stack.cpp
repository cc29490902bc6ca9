#include "base/stack.h"

#include <algorithm>
#include <cstddef>
#include <pthread.h>

namespace bpl::base {

namespace {
// The lowest address this thread's frames may reach before the check trips (stacks grow down).
const char* stack_floor() noexcept {
    pthread_attr_t attr;
    void* low = nullptr;
    size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &attr) != 0) return nullptr;
    if (pthread_attr_getstack(&attr, &low, &size) != 0) low = nullptr;
    pthread_attr_destroy(&attr);
    if (!low) return nullptr;
    size_t reserve = std::min<size_t>(size / 4, size_t{2} << 20);
    return static_cast<const char*>(low) + reserve;
}
} // namespace

bool stack_nearly_full() noexcept {
    thread_local const char* floor = stack_floor();
    const char* here = static_cast<const char*>(__builtin_frame_address(0));
    return floor && here < floor;
}

} // namespace bpl::base
