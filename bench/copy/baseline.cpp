// The C++ side of bench_copy: a plain blocked transpose and a reverse copy of an n×n float64
// matrix, into a given buffer or into a fresh one allocated as the engine allocates a large
// result (2 MiB aligned, transparent huge pages advised), so both sides pay the same page faults.
#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>

namespace baseline {

struct Free {
    void operator()(double* p) const { std::free(p); }
};
using Buffer = std::unique_ptr<double[], Free>;

Buffer fresh(int64_t items) {
    constexpr size_t HUGE = size_t{1} << 21;
    size_t size = (static_cast<size_t>(items) * sizeof(double) + HUGE - 1) / HUGE * HUGE;
    void* p = std::aligned_alloc(HUGE, size);
    madvise(p, size, MADV_HUGEPAGE);
    return Buffer(static_cast<double*>(p));
}

void transpose_into(const double* a, int64_t n, double* out) {
    constexpr int64_t B = 32;
    for (int64_t i0 = 0; i0 < n; i0 += B)
        for (int64_t j0 = 0; j0 < n; j0 += B)
            for (int64_t i = i0; i < std::min(n, i0 + B); i++)
                for (int64_t j = j0; j < std::min(n, j0 + B); j++) out[i * n + j] = a[j * n + i];
}

void reverse_into(const double* a, int64_t n, double* out) {
    for (int64_t i = 0; i < n; i++) {
        const double* row = a + i * n;
        double* o = out + i * n;
        for (int64_t j = 0; j < n; j++) o[j] = row[n - 1 - j];
    }
}

Buffer transpose(const double* a, int64_t n) {
    Buffer out = fresh(n * n);
    transpose_into(a, n, out.get());
    return out;
}

Buffer reverse(const double* a, int64_t n) {
    Buffer out = fresh(n * n);
    reverse_into(a, n, out.get());
    return out;
}

} // namespace baseline
