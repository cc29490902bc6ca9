// Index of, member of, unique mask and interval index over compact buffers; grade and sort are
// sort.cpp's.
#include "math/search.h"

#include "math/distribution.h"
#include "math/linalg.h"
#include "math/primes.h"
#include "math/sort.h"
#include "number/f16.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <unordered_map>
#include <vector>

namespace bpl::math {

using number::Kind;

namespace {

// Items widened to one comparable representation: integers and chars as int64, floats (float16
// included) as double, complex numbers as two doubles (real, imaginary) per item.
struct Cells {
    std::vector<int64_t> ints;
    std::vector<double> reals;
    bool real = false;
    bool complex = false;
    bool tolerant = false;
    int64_t cell = 1;
};

template <class T>
void widen(const void* p, int64_t n, std::vector<double>& out) {
    const T* x = static_cast<const T*>(p);
    out.assign(x, x + n);
}
template <class T>
void widen_int(const void* p, int64_t n, std::vector<int64_t>& out) {
    const T* x = static_cast<const T*>(p);
    out.assign(x, x + n);
}

Cells cells_of(Kind k, const void* p, int64_t n_cells, int64_t cell) {
    Cells c;
    c.cell = cell;
    int64_t n = n_cells * cell;
    switch (k) {
    case Kind::Bool: widen_int<uint8_t>(p, n, c.ints); break;
    case Kind::I8: widen_int<int8_t>(p, n, c.ints); break;
    case Kind::I16: widen_int<int16_t>(p, n, c.ints); break;
    case Kind::I32: widen_int<int32_t>(p, n, c.ints); break;
    case Kind::Char: widen_int<char32_t>(p, n, c.ints); break;
    case Kind::I64:
    case Kind::Int: widen_int<int64_t>(p, n, c.ints); break;
    case Kind::F16: {
        const auto* h = static_cast<const number::f16*>(p);
        c.reals.resize(static_cast<size_t>(n));
        for (int64_t i = 0; i < n; i++) c.reals[i] = number::to_float(h[i]);
        c.real = true; // exact, as float32
        break;
    }
    case Kind::F32:
        widen<float>(p, n, c.reals);
        c.real = true;
        break;
    case Kind::C64:
    case Kind::C128:
        if (k == Kind::C64) widen<float>(p, 2 * n, c.reals);
        else widen<double>(p, 2 * n, c.reals);
        c.real = c.complex = true;
        c.tolerant = k == Kind::C128; // as the real kinds: float32 parts compare exactly
        break;
    default:
        widen<double>(p, n, c.reals);
        c.real = true;
        c.tolerant = true;
        break;
    }
    return c;
}

// A real item's value, or a complex item's real part: the key the sorted searches order by.
double key(const Cells& a, int64_t i) { return a.reals[a.complex ? 2 * i : i]; }
// Whether item i is NaN (a complex item: either part).
bool nan_at(const Cells& a, int64_t i) {
    return a.complex ? std::isnan(a.reals[2 * i]) || std::isnan(a.reals[2 * i + 1]) : std::isnan(a.reals[i]);
}
// |item i|, for the width of a tolerance window.
double magnitude(const Cells& a, int64_t i) {
    return a.complex ? std::hypot(a.reals[2 * i], a.reals[2 * i + 1]) : std::fabs(a.reals[i]);
}

// Complex items: equal parts, or (tolerant, both finite) |x − y| ≤ tolerance × max(|x|, |y|),
// the tolerance of = on complex numbers; NaN items equal each other only.
bool complex_equal(const Cells& a, int64_t i, const Cells& b, int64_t j) {
    double xr = a.reals[2 * i], xi = a.reals[2 * i + 1], yr = b.reals[2 * j], yi = b.reals[2 * j + 1];
    if (xr == yr && xi == yi) return true;
    bool nx = nan_at(a, i), ny = nan_at(b, j);
    if (nx || ny) return nx && ny;
    if (!a.tolerant || std::isinf(xr) || std::isinf(xi) || std::isinf(yr) || std::isinf(yi)) return false;
    return std::hypot(xr - yr, xi - yi) <= CT * std::fmax(std::hypot(xr, xi), std::hypot(yr, yi));
}

bool item_equal(const Cells& a, int64_t i, const Cells& b, int64_t j) {
    if (!a.real) return a.ints[i] == b.ints[j];
    if (a.complex) return complex_equal(a, i, b, j);
    double x = a.reals[i], y = b.reals[j];
    if (x == y) return true;
    if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
    if (!a.tolerant || std::isinf(x) || std::isinf(y)) return false;
    return std::fabs(x - y) <= CT * std::fmax(std::fabs(x), std::fabs(y));
}

bool cell_equal(const Cells& a, int64_t p, const Cells& b, int64_t q) {
    for (int64_t k = 0; k < a.cell; k++)
        if (!item_equal(a, p * a.cell + k, b, q * b.cell + k)) return false;
    return true;
}

// Structural order of reals: by value, NaN after all numbers; no tolerance.
int real_order(double x, double y) {
    bool nx = std::isnan(x), ny = std::isnan(y);
    if (nx || ny) return nx == ny ? 0 : (nx ? 1 : -1);
    return x < y ? -1 : x > y;
}
// Structural order of items: numbers by value, complex numbers by real then imaginary part.
int item_order(const Cells& a, int64_t i, int64_t j) {
    if (!a.real) return a.ints[i] < a.ints[j] ? -1 : a.ints[i] > a.ints[j];
    if (!a.complex) return real_order(a.reals[i], a.reals[j]);
    int c = real_order(a.reals[2 * i], a.reals[2 * j]);
    return c ? c : real_order(a.reals[2 * i + 1], a.reals[2 * j + 1]);
}

int cell_order(const Cells& a, int64_t p, int64_t q) {
    for (int64_t k = 0; k < a.cell; k++) {
        int c = item_order(a, p * a.cell + k, q * a.cell + k);
        if (c) return c;
    }
    return 0;
}

// For each query cell, the first matching table cell, or n. Exact kinds of one-item cells hash;
// floats of one-item cells search the table in grade order (sort.h; `items` is the table's buffer
// of kind k) within the tolerance window; wider cells scan.
void index_of(Kind k, const void* items, const Cells& table, int64_t n, const Cells& query, int64_t m,
              int64_t* out) {
    if (table.cell == 1 && !table.real) {
        std::unordered_map<int64_t, int64_t> first;
        first.reserve(static_cast<size_t>(n));
        for (int64_t i = n; i-- > 0;) first[table.ints[i]] = i;
        for (int64_t j = 0; j < m; j++) {
            auto it = first.find(query.ints[j]);
            out[j] = it == first.end() ? n : it->second;
        }
        return;
    }
    if (table.cell == 1) {
        std::vector<int64_t> order(static_cast<size_t>(n));
        grade(k, items, n, 1, false, order.data());
        // a window on the key (a complex item's real part) holds every tolerant match
        for (int64_t j = 0; j < m; j++) {
            double y = key(query, j);
            int64_t best = n;
            if (nan_at(query, j)) {
                for (int64_t i = 0; i < n; i++)
                    if (item_equal(table, i, query, j)) {
                        best = i;
                        break;
                    }
            } else {
                double w = table.tolerant && std::isfinite(y) ? 2 * CT * magnitude(query, j) : 0;
                auto lo = std::lower_bound(order.begin(), order.end(), y - w, [&](int64_t i, double v) {
                    double x = key(table, i);
                    return !std::isnan(x) && x < v;
                });
                for (auto it = lo; it != order.end(); ++it) {
                    double x = key(table, *it);
                    if (std::isnan(x) || x > y + w) break;
                    if (item_equal(table, *it, query, j)) best = std::min(best, *it);
                }
            }
            out[j] = best;
        }
        return;
    }
    for (int64_t j = 0; j < m; j++) {
        out[j] = n;
        for (int64_t i = 0; i < n; i++) {
            if (cell_equal(table, i, query, j)) {
                out[j] = i;
                break;
            }
        }
    }
}

// Marks each cell that matches nothing earlier. Single items chain through the tolerance: an
// item within the tolerance of any earlier item is a duplicate (≠1 1+8E¯15 1+16E¯15 is 1 0 0),
// so tolerant kinds compare against every earlier item. Wider cells compare only against the
// earlier distinct cells, so rows do not chain (≠[1 2⋄1+8E¯15 2⋄1+16E¯15 2] is 1 0 1).
void unique_mask(const Cells& a, int64_t n, uint8_t* out) {
    if (a.cell == 1 && !a.real) {
        std::unordered_map<int64_t, bool> seen;
        for (int64_t i = 0; i < n; i++) out[i] = seen.emplace(a.ints[i], true).second;
        return;
    }
    if (a.cell == 1) {
        std::multimap<double, int64_t> earlier; // the cells compared against, by value
        bool nan_seen = false;
        for (int64_t i = 0; i < n; i++) {
            double y = key(a, i);
            bool found = false;
            if (nan_at(a, i)) {
                found = nan_seen;
                nan_seen = true;
            } else {
                double w = a.tolerant && std::isfinite(y) ? 2 * CT * magnitude(a, i) : 0;
                for (auto it = earlier.lower_bound(y - w); it != earlier.end() && it->first <= y + w; ++it)
                    if (item_equal(a, it->second, a, i)) found = true;
                if (!found || a.tolerant) earlier.emplace(y, i);
            }
            out[i] = !found;
        }
        return;
    }
    std::vector<int64_t> distinct;
    for (int64_t i = 0; i < n; i++) {
        bool found = false;
        for (int64_t r : distinct)
            if (cell_equal(a, r, a, i)) found = true;
        if (!found) distinct.push_back(i);
        out[i] = !found;
    }
}

} // namespace

void run_routine(Routine r, Kind k, const void* a, int64_t na, const void* b, int64_t nb,
                 int64_t cell, void* out, int64_t nout, ErrorSlot& slot) {
    if (r >= Routine::Density) { // the distribution group closes the list
        run_distribution_routine(r, a, na, b, out, slot);
        return;
    }
    if (r >= Routine::MatrixInverse) { // then the linear-algebra group
        if (r == Routine::MatrixInverse) matrix_inverse(k, a, na, cell, out, slot);
        else if (r == Routine::MatrixDivide) matrix_divide(k, a, na, cell, b, cell == 0 ? 0 : nout / cell, out, slot);
        else decompose(r, k, a, na, cell, b, out, nout, slot);
        return;
    }
    if (r >= Routine::NthPrime) { // then the number-theory group
        run_number_routine(r, k, a, na, out, nout, slot);
        return;
    }
    switch (r) {
    case Routine::GradeUp:
    case Routine::GradeDown: grade(k, a, na, cell, r == Routine::GradeDown, static_cast<int64_t*>(out)); return;
    case Routine::SortUp:
    case Routine::SortDown: sort(k, a, na, cell, r == Routine::SortDown, out); return;
    default: break;
    }
    Cells x = cells_of(k, a, na, cell);
    switch (r) {
    case Routine::IndexOf: {
        Cells y = cells_of(k, b, nb, cell);
        index_of(k, a, x, na, y, nb, static_cast<int64_t*>(out));
        return;
    }
    case Routine::MemberOf: {
        Cells y = cells_of(k, b, nb, cell);
        std::vector<int64_t> pos(static_cast<size_t>(na));
        index_of(k, b, y, nb, x, na, pos.data());
        auto* o = static_cast<uint8_t*>(out);
        for (int64_t i = 0; i < na; i++) o[i] = pos[i] < nb;
        return;
    }
    case Routine::UniqueMask: unique_mask(x, na, static_cast<uint8_t*>(out)); return;
    case Routine::IntervalIndex: {
        // Both operands in one buffer of cells so cell_order compares across them.
        Cells y = cells_of(k, b, nb, cell);
        Cells both = x;
        both.ints.insert(both.ints.end(), y.ints.begin(), y.ints.end());
        both.reals.insert(both.reals.end(), y.reals.begin(), y.reals.end());
        auto* o = static_cast<int64_t*>(out);
        for (int64_t j = 0; j < nb; j++) {
            int64_t lo = 0, hi = na; // first table cell greater than the query
            while (lo < hi) {
                int64_t mid = (lo + hi) / 2;
                if (cell_order(both, mid, na + j) <= 0) lo = mid + 1;
                else hi = mid;
            }
            o[j] = lo;
        }
        return;
    }
    default: return; // the number-theory, linear-algebra and sort routines ran above
    }
}

} // namespace bpl::math
