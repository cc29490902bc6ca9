// Host cell helpers: items, major cells and assembly with fill (language.md §3.3, §9.2).
#include "lang/cells.h"

#include "base/interrupt.h"
#include "program/plan.h"
#include "value/array.h"

namespace bpl::lang {

using value::ArrayData;
using value::Shape;

std::vector<Value> items_of(const Value& v) {
    Value r = v.read();
    if (!r.is_stored_array()) return {r};
    const ArrayData& a = r.array_data();
    std::vector<Value> out;
    out.reserve(static_cast<size_t>(a.count()));
    for (int64_t i = 0; i < a.count(); i++) out.push_back(a.item(i));
    return out;
}

std::vector<Value> major_cells(const Value& v) {
    Value r = v.read();
    if (!r.is_stored_array() || r.rank() == 0) return {r};
    const ArrayData& a = r.array_data();
    if (a.rank() == 1) return items_of(r);
    Shape cell(a.shape().begin() + 1, a.shape().end());
    int64_t n = value::count_of(cell);
    std::vector<Value> out;
    for (int64_t i = 0; i < a.shape()[0]; i++) {
        std::vector<Value> items;
        items.reserve(static_cast<size_t>(n));
        for (int64_t k = 0; k < n; k++) items.push_back(a.item(i * n + k));
        out.push_back(value::make_array(cell, std::move(items), a.prototype()));
    }
    return out;
}

Value vector_of(std::vector<Value> items) {
    if (items.empty()) return Value::array(ArrayData::compact(value::Kind::F64, {0}, true));
    auto n = static_cast<int64_t>(items.size());
    return value::make_array({n}, std::move(items));
}

Value assemble(const std::vector<Value>& cells) {
    if (cells.empty()) return vector_of({});
    size_t rank = 0;
    for (const Value& c : cells) rank = std::max(rank, static_cast<size_t>(c.rank()));
    auto padded = [&](const Value& c) {
        Shape s = c.shape();
        s.insert(s.begin(), rank - s.size(), 1);
        return s;
    };
    Shape cell(rank, 0);
    for (const Value& c : cells) {
        Shape s = padded(c);
        for (size_t k = 0; k < rank; k++) cell[k] = std::max(cell[k], s[k]);
    }
    int64_t n = value::count_of(cell);
    // The items are made on the host, each cell padded to the largest: their memory is checked
    // before any is made (cells of very different shapes under ⍤ asked for 6 GB in fuzz_eval).
    int64_t total = value::count_of({static_cast<int64_t>(cells.size()), n}); // saturates
    program::check_memory(value::count_of({total, static_cast<int64_t>(sizeof(Value))}));
    std::vector<Value> items;
    items.reserve(static_cast<size_t>(total));
    Value proto;
    for (const Value& c : cells) {
        Value r = c.read();
        Shape s = padded(r);
        std::vector<Value> own = items_of(r);
        Value fill = r.is_stored_array() ? value::fill_of(r.array_data().prototype())
                                         : value::fill_of(r);
        if (proto.is_none()) proto = fill;
        Shape idx(rank, 0);
        for (int64_t p = 0; p < n; p++) {
            base::poll_interrupt(static_cast<uint64_t>(p));
            bool inside = true;
            int64_t at = 0;
            for (size_t k = 0; k < rank; k++) {
                inside = inside && idx[k] < s[k];
                at = at * s[k] + idx[k];
            }
            items.push_back(inside && r.is_stored_array() ? own[static_cast<size_t>(at)]
                            : inside                      ? r
                                                          : fill);
            for (size_t k = rank; k-- > 0;) {
                if (++idx[k] < cell[k]) break;
                idx[k] = 0;
            }
        }
    }
    Shape shape{static_cast<int64_t>(cells.size())};
    shape.insert(shape.end(), cell.begin(), cell.end());
    return value::make_array(shape, std::move(items), proto);
}

} // namespace bpl::lang
