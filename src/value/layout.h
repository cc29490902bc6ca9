// Layout: the keys and names on a value's axes (language.md §11; seed part 2). Immutable once
// built, shared by reference between a stored array and the descriptions of values made from it.
// Also the C++ entry for building records (`record`) and reading keys (`layout_of`, `field`).
// Agreement by key and selection by key live in prim/, display in lang/: not here.
#pragma once

#include "base/ref.h"
#include "value/value.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bpl::value {

// One axis's labels. `keyed` axes have one entry in `keys` per position (a position may have no
// key: nullopt); keys are UTF-8 strings, unique on the axis. `name` is the axis's own name.
struct AxisLayout {
    std::optional<std::string> name;
    bool keyed = false;
    std::vector<std::optional<std::string>> keys;
    bool operator==(const AxisLayout&) const = default;
};

// Layouts without a renderer are interned: while one is alive, Layout::of gives every equal
// set of axes that same object (equal keys built separately share one layout, so agreement
// compares them in O(1), language.md §11.3). A digest of the axes rejects unequal ones.
class Layout final : public base::RefCounted {
  public:
    // The layout of `axes` (one per axis of the value, leading first; an axis whose positions
    // all lack keys is unkeyed, an empty keyed axis stays keyed). DOMAIN ERROR for a
    // duplicate key on an axis. Null when no axis has keys or a name: an unlabelled value has
    // no layout. The live equal layout when there is one, else a new one whose key index is
    // built here, once.
    static Ref<const Layout> of(std::vector<AxisLayout> axes);
    ~Layout();
    // The layout of a vector whose positions carry `keys` (a record's).
    static Ref<const Layout> of_keys(std::vector<std::optional<std::string>> keys);

    int64_t rank() const noexcept { return static_cast<int64_t>(axes_.size()); }
    const AxisLayout& axis(int64_t a) const noexcept { return axes_[static_cast<size_t>(a)]; }
    const std::vector<AxisLayout>& axes() const noexcept { return axes_; }
    bool is_keyed(int64_t a) const noexcept { return a < rank() && axis(a).keyed; }
    // The key at position `pos` of axis `a` (nullopt: no key, or the axis is not keyed).
    const std::optional<std::string>& key(int64_t a, int64_t pos) const noexcept;
    // The position of `key` on axis `a` (by the hash index), nullopt when it has none.
    std::optional<int64_t> find(int64_t a, std::string_view key) const noexcept;
    // Same keys and names on every axis (a renderer is not compared: ≡ ignores renderers).
    // O(1) unless one of the two carries a renderer and their digests agree.
    bool operator==(const Layout& o) const noexcept;

    // The display renderer attached by `F •mime Y` (operators-and-system.md §22): a function
    // whose result is the value's MIME bundle, or none. It travels with the layout, so what
    // keeps a value's layout keeps its renderer.
    const Value& renderer() const noexcept { return renderer_; }
    // Whether any axis has keys or a name (a layout holding only a renderer labels nothing).
    bool labelled() const noexcept;
    // `base`'s labels (null: `rank` unlabelled axes) with `renderer` (none: removed). Null when
    // nothing is left.
    static Ref<const Layout> with_renderer(const Layout* base, int64_t rank, Value renderer);

  private:
    Layout() = default;
    std::vector<AxisLayout> axes_;
    Value renderer_;
    std::vector<std::vector<int64_t>> index_; // per axis: open-addressed slots, position+1 or 0
    uint64_t digest_ = 0;  // of axes_ (keys and names, in order)
    bool interned_ = false; // in the table of live layouts (no renderer)
};

// Equal layouts, either may be null (null equals null only).
bool same_layout(const Layout* a, const Layout* b) noexcept;

// The layout of a value (a stored array's, a pending value's description's), null if none.
const Layout* layout_of(const Value& v);
// `v` with layout `l` (null removes it), sharing v's items. `l`'s rank must be v's.
Value with_layout(const Value& v, Ref<const Layout> l);

// A record: the keyed vector of (key, value) pairs, in order (language.md §11.1). DOMAIN ERROR
// for a duplicate key. Values may be anything (arrays, records, functions). No pairs: `⍬:⍬`.
Value record(std::vector<std::pair<std::string, Value>> fields);
// The item of record (keyed vector) `r` under `key`; nullopt when r has no such key or is not
// a keyed vector. Reads a pending record first.
std::optional<Value> field(const Value& r, std::string_view key);
// The keys of axis `a` of `v` (empty when the axis has none).
std::vector<std::optional<std::string>> keys_of(const Value& v, int64_t a = 0);

} // namespace bpl::value
