// ArrayData: a stored array. Compact (one item kind, items in one aligned buffer) or boxed
// (items are Values: mixed kinds, nested arrays, functions). Prototype and fill live here.
#pragma once

#include "base/buffer.h"
#include "value/value.h"

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <string>

namespace bpl::value {

class Layout;

class ArrayData final : public base::RefCounted {
  public:
    // An uninitialised compact array of `kind` (not Exact) and `shape`.
    static Ref<ArrayData> compact(Kind kind, Shape shape, bool weak = false);
    // A boxed array. `items` are in ravel order; `proto` is the prototype item used when the
    // array is empty (ignored otherwise). The result is normalised: when every item is a number
    // atom of one kind and weakness, or every item a character, it is compact instead.
    static Ref<ArrayData> boxed(Shape shape, std::vector<Value> items, Value proto = {});
    // A boxed array as is, never normalised: mixed storage stays mixed when it is rearranged or
    // written into (core:3145, 3156), though its items may now share one kind.
    static Ref<ArrayData> mixed(Shape shape, std::vector<Value> items, Value proto = {});
    // A compact array over a buffer it does not own (an embedding's, e.g. a NumPy array's):
    // `data` holds count_of(shape) items of `kind` and stays valid, unwritten, while `owner`
    // lives; the array holds `owner` until it is freed. The caller checks that the buffer is
    // 64-byte aligned and that reading one 64-byte block past its end stays in its page (the
    // kernels read whole blocks).
    static Ref<ArrayData> adopt(Kind kind, Shape shape, const void* data, std::shared_ptr<const void> owner);
    // `a` with layout `l` (keys and axis names, value/layout.h; null: none), sharing a's items:
    // `a` itself when it is unique, else a new array over the same buffer or items.
    static Ref<ArrayData> relayout(Ref<ArrayData> a, Ref<const Layout> l);
    ~ArrayData();

    // The keys and axis names on this array's axes; null when it has none.
    const Layout* layout() const noexcept { return layout_.get(); }
    const Ref<const Layout>& layout_ref() const noexcept { return layout_; }

    bool is_boxed() const noexcept { return boxed_; }
    Kind kind() const noexcept { return kind_; }
    bool weak() const noexcept { return weak_; }
    void set_weak(bool w) noexcept { weak_ = w; }
    const Shape& shape() const noexcept { return shape_; }
    int64_t rank() const noexcept { return static_cast<int64_t>(shape_.size()); }
    int64_t count() const noexcept { return count_; }

    // Compact storage: count() items of kind(). Bool is one byte per item; Char is char32_t.
    void* data() noexcept { return data_.get(); }
    const void* data() const noexcept { return data_.get(); }
    template <class T>
    T* items_as() noexcept { return static_cast<T*>(data()); }
    template <class T>
    const T* items_as() const noexcept { return static_cast<const T*>(data()); }

    // Boxed storage.
    const std::vector<Value>& boxed_items() const noexcept { return items_; }

    // Item i in ravel order as a Value (an atom for compact arrays).
    Value item(int64_t i) const;
    // The prototype item: 0 of the kind, ' ', or the filled first item (proto when empty).
    Value prototype() const;

  private:
    // Frees the item buffer (base::free_buffer: a large one is kept for reuse), or releases the
    // owner of an adopted one.
    struct AlignedDelete {
        std::shared_ptr<const void> owner;
        void operator()(std::byte* p) const noexcept {
            if (!owner) base::free_buffer(p);
        }
    };
    ArrayData() = default;
    Kind kind_ = Kind::F64;
    bool weak_ = false;
    bool boxed_ = false;
    int64_t count_ = 0;
    Shape shape_;
    std::unique_ptr<std::byte[], AlignedDelete> data_;
    std::vector<Value> items_;
    std::vector<Value> proto_; // at most one: the prototype of an empty boxed array
    Ref<const Layout> layout_; // keys and axis names (null: none)
};

// Writes the atom v as one item of `kind` at `out` (v's kind must convert to it: a number to a
// number kind, a character to Char); narrow kinds round or wrap as the kernels' stores do.
// A float64 number, the common atom, is written here; other kinds by store_any_item.
void store_any_item(Kind kind, void* out, const Value& v);
inline void store_item(Kind kind, void* out, const Value& v) {
    if (kind == Kind::F64 && v.is_number()) {
        double f = v.as_f64();
        std::memcpy(out, &f, sizeof f);
        return;
    }
    store_any_item(kind, out, v);
}
// The atom an item of `kind` at `in` is (compact storage's layout; weakness applies to floats).
// A float64 item is read here; other kinds by load_any_item.
Value load_any_item(Kind kind, bool weak, const void* in);
inline Value load_item(Kind kind, bool weak, const void* in) {
    if (kind == Kind::F64) {
        double f;
        std::memcpy(&f, in, sizeof f);
        return Value::real(f, Kind::F64, weak);
    }
    return load_any_item(kind, weak, in);
}
// The item count of `shape`; INT64_MAX when the product overflows (so a count check such as
// prim::check_count refuses it with LIMIT ERROR, never a wrapped count). Never throws.
int64_t count_of(const Shape& shape);
// The fill of a prototype item: numbers become 0 of their kind, characters ' ', arrays filled
// recursively, functions stay themselves.
Value fill_of(const Value& proto);
// A stored array from atoms/arrays (normalising); a convenience over ArrayData::boxed.
Value make_array(Shape shape, std::vector<Value> items, Value proto = {});
// A character vector holding the code points of s.
Value char_vector(const std::u32string& s);
// A one-item rank-0 array holding v (enclose): `⊂v`.
Value enclose(const Value& v);

} // namespace bpl::value
