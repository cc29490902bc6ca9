// The Product step's runner: X f.g Y over stored operands. Dense float +.× goes to BLAS
// (math::dense_product), and so does integer +.× where float64 holds every partial sum exactly;
// every other pair runs a blocked generic product over the math library's
// kernels: g over a block of pairs, then f, right to left along the contraction as APL's reduce
// requires (operators-and-system.md §4.1), so non-associative f (-.× ÷.+) keep their meaning.
#include "base/assert.h"
#include "math/linalg.h"
#include "program/run.h"
#include "value/array.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace bpl::program {

using number::Kind;

namespace {

// Items of one block: a row block of result columns, or a block of contraction positions.
constexpr int64_t BLOCK = 512;
// Contraction positions per pass over a column block, so Y's rows of a block stay in cache.
constexpr int64_t DEPTH = 128;

// One product's facts, from the instruction (graph/node.h, Step::Product).
struct Dims {
    math::Fn f, g;
    Kind k;   // operand kind of g
    Kind r;   // g's result kind
    Kind acc; // result kind: f's kind (float16 totals in float32), or r when n is 1
    int64_t rows, n, cols;
    int64_t la, lw; // X's and Y's contraction lengths: n, or 1 when extended
    int isz, rsz, asz;

    // X's item (i, k) and Y's item (k, j) with unit extension.
    const std::byte* x(const std::byte* a, int64_t i, int64_t k) const {
        return a + (i * la + (la == 1 ? 0 : k)) * isz;
    }
    const std::byte* y(const std::byte* b, int64_t k, int64_t j) const {
        return b + ((lw == 1 ? 0 : k) * cols + j) * isz;
    }
};

// For each row of X and block of result columns, a running total over the contraction from its
// last position down: total ← (X[i;k] g Y[k;block]) f total. Vectors run along the columns.
void by_columns(const Dims& d, const std::byte* a, const std::byte* b, std::byte* o,
                math::ErrorSlot& slot) {
    std::vector<std::byte> gbuf(static_cast<size_t>(BLOCK * d.rsz));
    std::vector<std::byte> cbuf(static_cast<size_t>(BLOCK * d.asz));
    for (int64_t j0 = 0; j0 < d.cols; j0 += BLOCK) {
        int64_t len = std::min(BLOCK, d.cols - j0);
        for (int64_t k1 = d.n; k1 > 0; k1 -= DEPTH) {
            int64_t k0 = std::max<int64_t>(0, k1 - DEPTH);
            for (int64_t i = 0; i < d.rows; i++) {
                std::byte* total = o + (i * d.cols + j0) * d.asz;
                for (int64_t k = k1 - 1; k >= k0; k--) {
                    const std::byte* x = d.x(a, i, k);
                    const std::byte* y = d.y(b, k, j0);
                    if (k == d.n - 1 && d.r == d.acc) {
                        math::binary(d.g, d.k, x, 0, y, 1, total, len, slot);
                        continue;
                    }
                    math::binary(d.g, d.k, x, 0, y, 1, gbuf.data(), len, slot);
                    const std::byte* item = gbuf.data();
                    if (d.r != d.acc) {
                        std::byte* dst = k == d.n - 1 ? total : cbuf.data();
                        math::convert(d.r, gbuf.data(), d.acc, dst, len);
                        if (k == d.n - 1) continue;
                        item = cbuf.data();
                    }
                    math::binary(d.f, d.acc, item, 1, total, 1, total, len, slot);
                }
            }
        }
    }
}

// For each result item, the contraction in blocks from the last: g over a block of positions,
// then f folds the block onto the running total (the total joins the block as its last item,
// so the order stays right to left). Vectors run along the contraction.
void by_pairs(const Dims& d, const std::byte* a, const std::byte* b, std::byte* o,
              math::ErrorSlot& slot) {
    std::vector<std::byte> gbuf(static_cast<size_t>(BLOCK * d.rsz));
    std::vector<std::byte> cbuf(static_cast<size_t>((BLOCK + 1) * d.asz));
    for (int64_t i = 0; i < d.rows; i++) {
        for (int64_t j = 0; j < d.cols; j++) {
            std::byte* total = o + (i * d.cols + j) * d.asz;
            for (int64_t k1 = d.n; k1 > 0; k1 -= BLOCK) {
                int64_t k0 = std::max<int64_t>(0, k1 - BLOCK), len = k1 - k0;
                math::binary(d.g, d.k, d.x(a, i, k0), d.la == 1 ? 0 : 1, d.y(b, k0, j),
                             d.lw == 1 ? 0 : d.cols, gbuf.data(), len, slot);
                math::convert(d.r, gbuf.data(), d.acc, cbuf.data(), len);
                int64_t m = len;
                if (k1 < d.n) std::copy(total, total + d.asz, cbuf.data() + (m++) * d.asz);
                math::fold(d.f, d.acc, cbuf.data(), 1, m, total, slot);
            }
        }
    }
}

// Integer +.× through float64 BLAS, when that is exact: with every |X|, |Y| item at most mx, my
// and n·mx·my ≤ 2⁵³, every product and partial sum is an integer float64 holds exactly, so any
// order of summation gives the integer result. False (nothing written) when the bound fails.
bool exact_integer_product(const Dims& d, const std::byte* a, const std::byte* b, std::byte* o) {
    int64_t na = d.rows * d.n, nb = d.n * d.cols;
    std::vector<double> fa(static_cast<size_t>(na)), fb(static_cast<size_t>(nb));
    math::convert(d.k, a, Kind::F64, fa.data(), na);
    math::convert(d.k, b, Kind::F64, fb.data(), nb);
    auto largest = [](const std::vector<double>& v) {
        double m = 0;
        for (double x : v) m = std::max(m, std::fabs(x));
        return m;
    };
    if (static_cast<double>(d.n) * largest(fa) * largest(fb) > 9007199254740992.0) return false;
    std::vector<double> out(static_cast<size_t>(d.rows * d.cols));
    if (!math::dense_product(Kind::F64, fa.data(), fb.data(), d.rows, d.n, d.cols, out.data()))
        return false;
    math::convert(Kind::F64, out.data(), d.acc, o, d.rows * d.cols);
    return true;
}

} // namespace

void run_product(const Instr& in, const void* a, const void* b, value::ArrayData& out,
                 math::ErrorSlot& slot) {
    ASSERT(in.params.size() == 6, "a Product step has six parameters");
    Dims d{in.fn,
           static_cast<math::Fn>(in.params[0]),
           in.compute,
           math::result_kind(static_cast<math::Fn>(in.params[0]), in.compute),
           out.kind(),
           in.params[1],
           in.params[2],
           in.params[3],
           in.params[4],
           in.params[5],
           math::item_size(in.compute),
           0,
           math::item_size(out.kind())};
    d.rsz = math::item_size(d.r);
    if (out.count() == 0) return;
    ASSERT(d.n > 0, "an empty contraction is its identity, built at the call");
    const auto* pa = static_cast<const std::byte*>(a);
    const auto* pb = static_cast<const std::byte*>(b);
    auto* o = static_cast<std::byte*>(out.data());
    bool dense = d.f == math::Fn::Add && d.g == math::Fn::Multiply && d.acc == d.k &&
                 d.la == d.n && d.lw == d.n;
    if (dense && !number::is_integer(d.k) && math::dense_product(d.k, pa, pb, d.rows, d.n, d.cols, o))
        return;
    // 64-bit integers only: a narrower kind's sums wrap below 2⁵³.
    bool wide = d.k == Kind::Int || d.k == Kind::I64;
    if (dense && wide && exact_integer_product(d, pa, pb, o)) return;
    if (d.n == 1 || d.cols >= d.n || d.cols >= BLOCK / 2) by_columns(d, pa, pb, o, slot);
    else by_pairs(d, pa, pb, o, slot);
}

} // namespace bpl::program
