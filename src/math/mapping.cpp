// Mapping: constructors, normal form, composition, encoding, and the copy through one.
#include "math/mapping.h"

#include "math/kernel.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace bpl::math {

namespace {

int64_t floor_div(int64_t a, int64_t b) {
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
int64_t floor_mod(int64_t a, int64_t b) { return a - floor_div(a, b) * b; }
int64_t ceil_div_pos(int64_t a, int64_t b) { return (a + b - 1) / b; } // a >= 0, b > 0

// The least and greatest coordinate a bound reaches over the mapping's axes.
void reach(const Bound& b, const std::vector<int64_t>& length, int64_t& lo, int64_t& hi) {
    lo = hi = b.start;
    for (size_t j = 0; j < length.size(); j++) {
        int64_t d = b.coef[j] * (length[j] - 1);
        (d < 0 ? lo : hi) += d;
    }
}

Mapping canonical_fill(int64_t n) {
    Mapping m;
    if (n != 1) {
        m.length = {n};
        m.stride = {0};
    }
    Bound b;
    b.mode = Bound::Mode::Pad;
    b.coef.assign(m.length.size(), 0);
    m.bounds.push_back(std::move(b));
    return m;
}

} // namespace

std::vector<int64_t> row_major(const std::vector<int64_t>& shape) {
    std::vector<int64_t> st(shape.size());
    int64_t k = 1;
    for (size_t j = shape.size(); j-- > 0;) {
        st[j] = k;
        // saturating: an empty array's other axes may multiply past int64 (a fuzzer find);
        // no position of it is ever read through them
        if (__builtin_mul_overflow(k, shape[j], &k)) k = INT64_MAX;
    }
    return st;
}

// An empty axis makes the count 0 whatever the others are (an empty array may have axes whose
// product alone overflows, `⍳⊖⍳66`); otherwise the product saturates at INT64_MAX.
int64_t Mapping::count() const {
    for (int64_t l : length)
        if (l == 0) return 0;
    int64_t n = 1;
    for (int64_t l : length)
        if (__builtin_mul_overflow(n, l, &n)) return INT64_MAX;
    return n;
}

void Mapping::normalize() {
    int64_t n = count();
    if (n == 0) {
        *this = Mapping{{0}, {0}, 0, {}};
        return;
    }
    // Length-1 axes: their position is always 0.
    for (size_t j = length.size(); j-- > 0;) {
        if (length[j] != 1) continue;
        length.erase(length.begin() + static_cast<ptrdiff_t>(j));
        stride.erase(stride.begin() + static_cast<ptrdiff_t>(j));
        for (Bound& b : bounds) b.coef.erase(b.coef.begin() + static_cast<ptrdiff_t>(j));
    }
    // Bounds that never leave their range are plain; a pad that never enters it is all fill.
    for (size_t t = 0; t < bounds.size();) {
        Bound& b = bounds[t];
        if (b.mode == Bound::Mode::Wrap) {
            b.start = floor_mod(b.start, b.extent);
            for (int64_t& c : b.coef) {
                c = floor_mod(c, b.extent);
                if (2 * c > b.extent) c -= b.extent;
            }
        }
        int64_t lo, hi;
        reach(b, length, lo, hi);
        int64_t shift = 0;
        bool plain = false;
        if (b.mode == Bound::Mode::Pad) {
            if (hi < 0 || lo >= b.extent) {
                *this = canonical_fill(n);
                return;
            }
            plain = lo >= 0 && hi < b.extent;
        } else {
            int64_t p = floor_div(lo, b.extent);
            plain = hi < (p + 1) * b.extent;
            shift = p * b.extent;
        }
        if (plain) {
            offset += (b.start - shift) * b.stride;
            for (size_t j = 0; j < length.size(); j++) stride[j] += b.coef[j] * b.stride;
            bounds.erase(bounds.begin() + static_cast<ptrdiff_t>(t));
        } else {
            t++;
        }
    }
    // Adjacent axes that walk as one axis.
    for (size_t j = length.size(); j-- > 1;) {
        bool merge = stride[j - 1] == stride[j] * length[j];
        for (const Bound& b : bounds) merge = merge && b.coef[j - 1] == b.coef[j] * length[j];
        if (!merge) continue;
        length[j - 1] *= length[j];
        stride[j - 1] = stride[j];
        length.erase(length.begin() + static_cast<ptrdiff_t>(j));
        stride.erase(stride.begin() + static_cast<ptrdiff_t>(j));
        for (Bound& b : bounds) {
            b.coef[j - 1] = b.coef[j];
            b.coef.erase(b.coef.begin() + static_cast<ptrdiff_t>(j));
        }
    }
}

Mapping Mapping::identity(int64_t count) { return strided({count}, {1}, 0); }

Mapping Mapping::reshape(int64_t m, int64_t n) {
    if (n == 0 || n <= m) return identity(n);
    if (m == 0) return fill(n);
    Mapping r{{n}, {0}, 0, {}};
    r.bounds.push_back(Bound{Bound::Mode::Wrap, 0, m, 1, {1}});
    r.normalize();
    return r;
}

Mapping Mapping::strided(std::vector<int64_t> lengths, std::vector<int64_t> strides, int64_t offset) {
    Mapping r{std::move(lengths), std::move(strides), offset, {}};
    r.normalize();
    return r;
}

Mapping Mapping::fill(int64_t n) {
    if (n == 0) return identity(0);
    return canonical_fill(n);
}

Mapping Mapping::reverse(const std::vector<int64_t>& shape, size_t axis) {
    std::vector<int64_t> st = row_major(shape);
    int64_t offset = shape[axis] > 0 ? (shape[axis] - 1) * st[axis] : 0;
    st[axis] = -st[axis];
    return strided(shape, std::move(st), offset);
}

Mapping Mapping::rotate(const std::vector<int64_t>& shape, size_t axis, int64_t k) {
    std::vector<int64_t> st = row_major(shape);
    Mapping r{shape, st, 0, {}};
    r.stride[axis] = 0;
    if (shape[axis] > 0) {
        Bound b{Bound::Mode::Wrap, k, shape[axis], st[axis], std::vector<int64_t>(shape.size(), 0)};
        b.coef[axis] = 1;
        r.bounds.push_back(std::move(b));
    }
    r.normalize();
    return r;
}

Mapping Mapping::reorder(const std::vector<int64_t>& shape, const std::vector<int64_t>& assign,
                         std::vector<int64_t>& result) {
    int64_t rank = 0;
    for (int64_t a : assign) rank = std::max(rank, a + 1);
    result.assign(static_cast<size_t>(rank), -1);
    std::vector<int64_t> st = row_major(shape), strides(static_cast<size_t>(rank), 0);
    for (size_t i = 0; i < shape.size(); i++) {
        int64_t& len = result[assign[i]];
        len = len < 0 ? shape[i] : std::min(len, shape[i]);
        // saturating, as row_major's strides are: only an empty array has strides that large
        if (__builtin_add_overflow(strides[assign[i]], st[i], &strides[assign[i]])) strides[assign[i]] = INT64_MAX;
    }
    return strided(result, std::move(strides), 0);
}

Mapping Mapping::window(const std::vector<int64_t>& shape, const std::vector<int64_t>& start,
                        const std::vector<int64_t>& result) {
    std::vector<int64_t> st = row_major(shape);
    Mapping r{result, std::vector<int64_t>(result.size(), 0), 0, {}};
    for (size_t j = 0; j < result.size(); j++) {
        Bound b{Bound::Mode::Pad, start[j], shape[j], st[j], std::vector<int64_t>(result.size(), 0)};
        b.coef[j] = 1;
        r.bounds.push_back(std::move(b));
    }
    r.normalize();
    return r;
}

Mapping Mapping::stretch(const std::vector<int64_t>& shape, const std::vector<int64_t>& result) {
    std::vector<int64_t> st = row_major(shape), strides(result.size(), 0);
    for (size_t j = 0; j < result.size() && j < shape.size(); j++)
        strides[j] = (shape[j] == 1 && result[j] != 1) ? 0 : st[j];
    return strided(result, std::move(strides), 0);
}

std::optional<Mapping> Mapping::composed(const Mapping& b) const {
    int64_t n = count();
    if (n == 0) return identity(0);
    // A pad of this mapping that never reads: the whole result is fill (normal form says so).
    for (const Bound& t : bounds)
        if (t.mode == Bound::Mode::Pad && t.extent == 0) return fill(n);
    size_t rb = b.length.size();
    std::vector<int64_t> rs = row_major(b.length);
    // Split this mapping's merged axes where they walk across b's axes: an axis whose stride is
    // a·(b's stride of axis k) steps |M_k / a| times along k and then carries into axis k-1.
    Mapping a = *this;
    for (size_t j = a.length.size(); j-- > 0;) {
        while (a.stride[j] != 0) {
            int64_t s = a.stride[j], k = -1, coef = 0;
            for (size_t i = 0; i < rb; i++) {
                if (s % rs[i] == 0 && s / rs[i] != 0) {
                    k = static_cast<int64_t>(i), coef = s / rs[i];
                    break;
                }
                if (s / rs[i] != 0) break; // spans several of b's axes
            }
            if (k < 0 || b.length[k] % std::llabs(coef) != 0) break;
            int64_t q = b.length[k] / std::llabs(coef), len = a.length[j];
            if (q <= 1 || q >= len || len % q != 0) break;
            auto at = static_cast<ptrdiff_t>(j);
            a.length[j] = q;
            a.length.insert(a.length.begin() + at, len / q);
            a.stride.insert(a.stride.begin() + at, s * q);
            for (Bound& t : a.bounds) t.coef.insert(t.coef.begin() + at, t.coef[j] * q);
        }
    }
    size_t ra = a.length.size(), nt = a.bounds.size();
    // Integers as coordinates over b's axes (any exact decomposition; the range check below
    // proves the walk stays inside b's axes, so b's ravel positions are those coordinates).
    auto decompose = [&](int64_t s, int64_t* out) {
        for (size_t k = 0; k < rb; k++) {
            out[k] = s / rs[k];
            s -= out[k] * rs[k];
        }
        return s == 0;
    };
    std::vector<int64_t> d(rb), ax(ra * rb), bt(nt * rb);
    bool ok = decompose(a.offset, d.data());
    for (size_t j = 0; j < ra; j++) ok = ok && decompose(a.stride[j], ax.data() + j * rb);
    for (size_t t = 0; t < nt; t++) ok = ok && decompose(a.bounds[t].stride, bt.data() + t * rb);
    if (!ok) return std::nullopt;
    for (size_t k = 0; k < rb; k++) {
        int64_t lo = d[k], hi = d[k];
        for (size_t j = 0; j < ra; j++) {
            int64_t v = ax[j * rb + k] * (a.length[j] - 1);
            (v < 0 ? lo : hi) += v;
        }
        for (size_t t = 0; t < nt; t++) {
            int64_t v = bt[t * rb + k] * (a.bounds[t].extent - 1);
            (v < 0 ? lo : hi) += v;
        }
        if (lo < 0 || hi >= b.length[k]) return std::nullopt;
    }
    Mapping r{a.length, std::vector<int64_t>(ra, 0), b.offset, {}};
    for (size_t k = 0; k < rb; k++) {
        r.offset += b.stride[k] * d[k];
        for (size_t j = 0; j < ra; j++) r.stride[j] += b.stride[k] * ax[j * rb + k];
    }
    for (size_t t = 0; t < nt; t++) {
        Bound nb = a.bounds[t];
        nb.stride = 0;
        for (size_t k = 0; k < rb; k++) nb.stride += b.stride[k] * bt[t * rb + k];
        r.bounds.push_back(std::move(nb));
    }
    for (const Bound& u : b.bounds) {
        for (size_t t = 0; t < nt; t++) {
            int64_t through = 0;
            for (size_t k = 0; k < rb; k++) through += u.coef[k] * bt[t * rb + k];
            if (through != 0) return std::nullopt; // a bound of a bound
        }
        Bound nu{u.mode, u.start, u.extent, u.stride, std::vector<int64_t>(ra, 0)};
        for (size_t k = 0; k < rb; k++) {
            nu.start += u.coef[k] * d[k];
            for (size_t j = 0; j < ra; j++) nu.coef[j] += u.coef[k] * ax[j * rb + k];
        }
        r.bounds.push_back(std::move(nu));
    }
    r.normalize();
    return r;
}

void Mapping::encode(std::vector<int64_t>& out) const {
    out.push_back(static_cast<int64_t>(length.size()));
    out.push_back(offset);
    for (size_t j = 0; j < length.size(); j++) {
        out.push_back(length[j]);
        out.push_back(stride[j]);
    }
    out.push_back(static_cast<int64_t>(bounds.size()));
    for (const Bound& b : bounds) {
        out.push_back(static_cast<int64_t>(b.mode));
        out.push_back(b.start);
        out.push_back(b.extent);
        out.push_back(b.stride);
        out.insert(out.end(), b.coef.begin(), b.coef.end());
    }
}

Mapping Mapping::decode(const int64_t* p, size_t) {
    Mapping m;
    size_t rank = static_cast<size_t>(*p++);
    m.offset = *p++;
    for (size_t j = 0; j < rank; j++) {
        m.length.push_back(*p++);
        m.stride.push_back(*p++);
    }
    size_t nb = static_cast<size_t>(*p++);
    for (size_t t = 0; t < nb; t++) {
        Bound b;
        b.mode = static_cast<Bound::Mode>(*p++);
        b.start = *p++;
        b.extent = *p++;
        b.stride = *p++;
        b.coef.assign(p, p + rank);
        p += rank;
        m.bounds.push_back(std::move(b));
    }
    return m;
}

// --- the copy ---

namespace {

struct Item16 {
    uint64_t lo, hi;
};

template <class T>
void read_run(const T* src, int64_t step, T* out, int64_t n) {
    if (step == 1) {
        std::memcpy(out, src, static_cast<size_t>(n) * sizeof(T));
    } else if (step == 0) {
        T v = *src;
        for (int64_t i = 0; i < n; i++) out[i] = v;
    } else if (step == -1) {
        for (int64_t i = 0; i < n; i++) out[i] = src[-i];
    } else {
        for (int64_t i = 0; i < n; i++) out[i] = src[i * step];
    }
}

template <class T>
void fill_run(T* out, int64_t n, const T& f) {
    for (int64_t i = 0; i < n; i++) out[i] = f;
}

// A bound that moves along the innermost axis: its coordinate at the row's position 0.
struct Active {
    int64_t q, coef, extent, stride;
    bool wrap;
};

constexpr int64_t NEVER = std::numeric_limits<int64_t>::max();

// Where the row starts: the offset of outer position c (innermost axis at 0), the bounds that
// move along the innermost axis, and whether a fixed pad is outside (the row is fill).
template <class F>
bool row_base(const Mapping& m, const int64_t* c, size_t inner, int64_t& base, F active) {
    base = m.offset;
    for (size_t j = 0; j < inner; j++) base += m.stride[j] * c[j];
    bool filled = false;
    for (const Bound& b : m.bounds) {
        int64_t q = b.start;
        for (size_t j = 0; j < inner; j++) q += b.coef[j] * c[j];
        bool moves = false;
        for (size_t j = inner; j < m.length.size(); j++) moves = moves || b.coef[j] != 0;
        if (moves) {
            active(Active{q, b.coef.back(), b.extent, b.stride, b.mode == Bound::Mode::Wrap});
        } else if (b.mode == Bound::Mode::Wrap) {
            base += floor_mod(q, b.extent) * b.stride;
        } else if (q >= 0 && q < b.extent) {
            base += q * b.stride;
        } else {
            filled = true;
        }
    }
    return filled;
}

// Items [c0, c0+len) of one row along the innermost axis, through the bounds that move along it.
template <class T, class Src>
void segments(const Src& src, int64_t base, int64_t step0, const Active* act, size_t nact, int64_t c0,
              int64_t len, T* o, const T& f) {
    int64_t c = c0, end = c0 + len;
    while (c < end) {
        int64_t seg = end - c, pos = base + step0 * c, step = step0;
        bool fill = false;
        for (size_t t = 0; t < nact; t++) {
            const Active& a = act[t];
            int64_t q = a.q + a.coef * c, steps;
            if (a.wrap) q = floor_mod(q, a.extent);
            if (q >= 0 && q < a.extent) {
                steps = a.coef > 0 ? (a.extent - 1 - q) / a.coef + 1 : q / (-a.coef) + 1;
                pos += q * a.stride;
                step += a.coef * a.stride;
            } else {
                fill = true;
                if (a.coef > 0 && q < 0) steps = ceil_div_pos(-q, a.coef);
                else if (a.coef < 0 && q >= a.extent) steps = ceil_div_pos(q - a.extent + 1, -a.coef);
                else steps = NEVER;
            }
            seg = std::min(seg, steps);
        }
        if (fill) fill_run(o, seg, f);
        else src.run(pos, step, o, seg);
        o += seg;
        c += seg;
    }
}

// 8-byte items of a tile whose source runs along i (s1 = 1), two by two: two 16-byte loads
// down the source's columns, interleaved into two 16-byte stores along the result's rows.
// (__builtin_shufflevector, not GCC's __builtin_shuffle: clang builds the fuzz preset.)
using U2 = uint64_t __attribute__((vector_size(16)));
void tile_pairs(const uint64_t* src, int64_t s2, int64_t i0, int64_t i1, int64_t j0, int64_t j1,
                int64_t cols, uint64_t* out) {
    int64_t i = i0;
    for (; i + 1 < i1; i += 2) {
        int64_t j = j0;
        for (; j + 1 < j1; j += 2) {
            U2 a, b;
            std::memcpy(&a, src + i + j * s2, sizeof a);
            std::memcpy(&b, src + i + (j + 1) * s2, sizeof b);
            U2 lo = __builtin_shufflevector(a, b, 0, 2), hi = __builtin_shufflevector(a, b, 1, 3);
            std::memcpy(out + i * cols + j, &lo, sizeof lo);
            std::memcpy(out + (i + 1) * cols + j, &hi, sizeof hi);
        }
        if (j < j1) {
            out[i * cols + j] = src[i + j * s2];
            out[(i + 1) * cols + j] = src[i + 1 + j * s2];
        }
    }
    if (i < i1)
        for (int64_t j = j0; j < j1; j++) out[i * cols + j] = src[i + j * s2];
}

// 4-byte items likewise, four by four: four 16-byte loads down the source's columns, a 4×4
// transpose in registers, four 16-byte stores along the result's rows.
using U4 = uint32_t __attribute__((vector_size(16)));
void tile_quads(const uint32_t* src, int64_t s2, int64_t i0, int64_t i1, int64_t j0, int64_t j1,
                int64_t cols, uint32_t* out) {
    int64_t i = i0;
    for (; i + 3 < i1; i += 4) {
        int64_t j = j0;
        for (; j + 3 < j1; j += 4) {
            U4 a[4];
            for (int k = 0; k < 4; k++) std::memcpy(&a[k], src + i + (j + k) * s2, sizeof a[k]);
            U4 t0 = __builtin_shufflevector(a[0], a[1], 0, 4, 1, 5);
            U4 t1 = __builtin_shufflevector(a[2], a[3], 0, 4, 1, 5);
            U4 t2 = __builtin_shufflevector(a[0], a[1], 2, 6, 3, 7);
            U4 t3 = __builtin_shufflevector(a[2], a[3], 2, 6, 3, 7);
            U4 r[4] = {__builtin_shufflevector(t0, t1, 0, 1, 4, 5), __builtin_shufflevector(t0, t1, 2, 3, 6, 7),
                       __builtin_shufflevector(t2, t3, 0, 1, 4, 5), __builtin_shufflevector(t2, t3, 2, 3, 6, 7)};
            for (int k = 0; k < 4; k++) std::memcpy(out + (i + k) * cols + j, &r[k], sizeof r[k]);
        }
        for (; j < j1; j++)
            for (int k = 0; k < 4; k++) out[(i + k) * cols + j] = src[i + k + j * s2];
    }
    for (; i < i1; i++)
        for (int64_t j = j0; j < j1; j++) out[i * cols + j] = src[i + j * s2];
}

// Whether the two innermost axes are a transposed pair of plain axes: runs of whole rows of them
// are copied in tiles.
bool is_tiled(const Mapping& m) {
    size_t rank = m.length.size();
    if (rank < 2) return false;
    size_t L = rank - 1;
    int64_t s1 = m.stride[L - 1], s2 = m.stride[L];
    bool tile = m.length[L - 1] >= 16 && m.length[L] >= 16 && std::llabs(s2) > 1 &&
                std::llabs(s1) < std::llabs(s2);
    for (const Bound& b : m.bounds) tile = tile && b.coef[L - 1] == 0 && b.coef[L] == 0;
    return tile;
}

constexpr int64_t TILE_ROWS = 32;

// `rows` whole rows of the two innermost axes, out[i][j] = src[i·s1 + j·s2], in tiles.
template <class T>
void tiled(const T* src, int64_t s1, int64_t s2, int64_t rows, int64_t cols, T* out) {
    constexpr int64_t TILE = sizeof(T) >= 8 ? TILE_ROWS : 2 * TILE_ROWS;
    for (int64_t i0 = 0; i0 < rows; i0 += TILE) {
        int64_t i1 = std::min(rows, i0 + TILE);
        for (int64_t j0 = 0; j0 < cols; j0 += TILE) {
            int64_t j1 = std::min(cols, j0 + TILE);
            if constexpr (sizeof(T) == 8) {
                if (s1 == 1) {
                    tile_pairs(reinterpret_cast<const uint64_t*>(src), s2, i0, i1, j0, j1, cols,
                               reinterpret_cast<uint64_t*>(out));
                    continue;
                }
            }
            if constexpr (sizeof(T) == 4) {
                if (s1 == 1) {
                    tile_quads(reinterpret_cast<const uint32_t*>(src), s2, i0, i1, j0, j1, cols,
                               reinterpret_cast<uint32_t*>(out));
                    continue;
                }
            }
            for (int64_t i = i0; i < i1; i++) {
                const T* s = src + i * s1;
                T* o = out + i * cols;
                for (int64_t j = j0; j < j1; j++) o[j] = s[j * s2];
            }
        }
    }
}

// Where a copy reads: a stored array's items (Stored), or items computed from their offsets
// (Affine: an Iota's, start + step·offset, never stored). Each gives runs of items at an offset
// and a step, and the tiles of a transposed pair of axes.
template <class T>
struct Stored {
    const T* items;
    void run(int64_t at, int64_t step, T* out, int64_t n) const { read_run(items + at, step, out, n); }
    void tiles(int64_t at, int64_t s1, int64_t s2, int64_t rows, int64_t cols, T* out) const {
        tiled(items + at, s1, s2, rows, cols, out);
    }
};

struct Affine {
    int64_t start, step; // the item at offset q is start + step·q
    void run(int64_t at, int64_t s, int64_t* out, int64_t n) const {
        int64_t v = start + step * at, d = step * s;
        for (int64_t i = 0; i < n; i++, v += d) out[i] = v;
    }
    void tiles(int64_t at, int64_t s1, int64_t s2, int64_t rows, int64_t cols, int64_t* out) const {
        for (int64_t i = 0; i < rows; i++) run(at + i * s1, s2, out + i * cols, cols);
    }
};

template <class T, class Src>
void copy_items(const Mapping& m, const Src& src, T* out, int64_t first, int64_t n, const T& f) {
    size_t rank = m.length.size();
    if (rank == 0) { // one item
        int64_t base;
        if (row_base(m, nullptr, 0, base, [](const Active&) {})) *out = f;
        else src.run(base, 0, out, 1);
        return;
    }
    size_t L = rank - 1;
    // the multi-index and the moving bounds: on the stack for the usual ranks (a block stage
    // calls this per block, and nothing allocates per block)
    constexpr size_t SMALL = 16;
    int64_t cbuf[SMALL];
    Active abuf[SMALL];
    std::vector<int64_t> cbig;
    std::vector<Active> abig;
    if (rank > SMALL) cbig.resize(rank);
    if (m.bounds.size() > SMALL) abig.resize(m.bounds.size());
    int64_t* c = rank > SMALL ? cbig.data() : cbuf;
    Active* act = m.bounds.size() > SMALL ? abig.data() : abuf;
    size_t nact = 0;
    int64_t rem = first;
    for (size_t j = rank; j-- > 0;) {
        c[j] = rem % m.length[j];
        rem /= m.length[j];
    }
    // Runs of whole rows of a transposed pair of plain innermost axes are tiled.
    bool tile = is_tiled(m);
    auto push = [&](const Active& a) { act[nact++] = a; };
    while (n > 0) {
        int64_t base;
        nact = 0;
        int64_t rows = tile && c[L] == 0 ? std::min(m.length[L - 1] - c[L - 1], n / m.length[L]) : 0;
        if (rows >= 2) { // whole rows of the plane: tiled
            bool filled = row_base(m, c, L - 1, base, push);
            int64_t items = rows * m.length[L];
            if (filled) fill_run(out, items, f);
            else src.tiles(base + c[L - 1] * m.stride[L - 1], m.stride[L - 1], m.stride[L], rows, m.length[L], out);
            out += items;
            n -= items;
            c[L - 1] += rows; // carried below when the plane is done
        } else {
            int64_t c0 = c[L], len = std::min(m.length[L] - c0, n);
            bool filled = row_base(m, c, L, base, push);
            if (filled) fill_run(out, len, f);
            else if (nact == 0) src.run(base + m.stride[L] * c0, m.stride[L], out, len);
            else segments(src, base, m.stride[L], act, nact, c0, len, out, f);
            out += len;
            n -= len;
            c[L] += len;
        }
        for (size_t j = rank; j-- > 1;) {
            if (c[j] < m.length[j]) continue;
            c[j] = 0;
            c[j - 1]++;
        }
    }
}

template <class T>
void copy_as(const Mapping& m, const void* src, void* out, int64_t first, int64_t n, const void* fill) {
    T f;
    std::memcpy(&f, fill, sizeof f);
    copy_items<T>(m, Stored<T>{static_cast<const T*>(src)}, static_cast<T*>(out), first, n, f);
}

} // namespace

int64_t Mapping::source_of(int64_t i) const {
    size_t rank = length.size();
    constexpr size_t SMALL = 16; // the multi-index on the stack for the usual ranks (called per item)
    int64_t cbuf[SMALL];
    std::vector<int64_t> cbig(rank > SMALL ? rank : 0);
    int64_t* c = rank > SMALL ? cbig.data() : cbuf;
    for (size_t j = rank; j-- > 1;) {
        c[j] = i % length[j];
        i /= length[j];
    }
    if (rank > 0) c[0] = i; // i < count(): the outermost coordinate needs no division
    int64_t base;
    return row_base(*this, c, rank, base, [](const Active&) {}) ? -1 : base;
}

bool Mapping::slices_by(int64_t w) const { return w >= 1 && !length.empty() && length.back() % w == 0; }

Mapping Mapping::slice(int64_t w, int64_t k) const {
    Mapping m = *this;
    m.length.back() /= w;
    m.offset += k * m.stride.back();
    m.stride.back() *= w;
    for (Bound& b : m.bounds) {
        b.start += k * b.coef.back();
        b.coef.back() *= w;
    }
    m.normalize();
    return m;
}

int64_t Mapping::block_quantum() const {
    return is_tiled(*this) ? TILE_ROWS * length.back() : 1;
}

void copy(const Mapping& m, Kind k, const void* src, void* out, int64_t first, int64_t n,
          const void* fill) {
    if (n <= 0) return;
    switch (item_size(k)) {
    case 1: copy_as<uint8_t>(m, src, out, first, n, fill); break;
    case 2: copy_as<uint16_t>(m, src, out, first, n, fill); break;
    case 4: copy_as<uint32_t>(m, src, out, first, n, fill); break;
    case 8: copy_as<uint64_t>(m, src, out, first, n, fill); break;
    case 16: copy_as<Item16>(m, src, out, first, n, fill); break;
    default: break;
    }
}

void copy_affine(const Mapping& m, int64_t start, int64_t step, int64_t* out, int64_t first, int64_t n,
                 int64_t fill) {
    if (n <= 0) return;
    copy_items<int64_t>(m, Affine{start, step}, out, first, n, fill);
}

} // namespace bpl::math
