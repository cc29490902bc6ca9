// Layout: construction (uniqueness, the per-axis hash index), lookup, and the record entry points.
#include "value/layout.h"

#include "base/assert.h"
#include "base/error.h"
#include "value/array.h"
#include "value/pending.h"

#include <functional>
#include <mutex>
#include <unordered_map>

namespace bpl::value {

namespace {

size_t hash_of(std::string_view key) noexcept { return std::hash<std::string_view>{}(key); }

// Open addressing with linear probing over a power-of-two table at most half full.
std::vector<int64_t> build_index(const AxisLayout& axis) {
    size_t n = 0;
    for (const auto& k : axis.keys) n += k.has_value();
    if (n == 0) return {};
    size_t size = 4;
    while (size < 2 * n) size *= 2;
    std::vector<int64_t> slots(size, 0);
    for (size_t pos = 0; pos < axis.keys.size(); pos++) {
        const auto& k = axis.keys[pos];
        if (!k) continue;
        size_t s = hash_of(*k) & (size - 1);
        while (slots[s] != 0) {
            if (*axis.keys[static_cast<size_t>(slots[s] - 1)] == *k)
                throw base::Error(base::ErrorKind::Domain, "duplicate key \"" + *k + "\"");
            s = (s + 1) & (size - 1);
        }
        slots[s] = static_cast<int64_t>(pos) + 1;
    }
    return slots;
}

// The digest of a layout's axes: every name, keyed mark, length and key, in order.
uint64_t digest_of(const std::vector<AxisLayout>& axes) noexcept {
    uint64_t h = 0x9e3779b97f4a7c15ull;
    auto mix = [&h](uint64_t x) { h = (h ^ x) * 0x100000001b3ull + (h >> 29); };
    for (const AxisLayout& a : axes) {
        mix(a.name ? hash_of(*a.name) : 1);
        mix(a.keyed ? a.keys.size() + 2 : 0);
        for (const auto& k : a.keys) mix(k ? hash_of(*k) : 3);
    }
    return h;
}

// The live interned layouts by digest. A layout leaves it as it is destroyed; one found with
// a count already at 0 is dying and is not reused.
struct Interned {
    std::mutex mutex;
    std::unordered_multimap<uint64_t, const Layout*> by_digest;
};
Interned& interned() {
    static Interned* table = new Interned(); // never destroyed: layouts may outlive statics
    return *table;
}

} // namespace

Layout::~Layout() {
    if (!interned_) return;
    Interned& t = interned();
    std::lock_guard<std::mutex> lock(t.mutex);
    auto [from, to] = t.by_digest.equal_range(digest_);
    for (auto it = from; it != to; ++it)
        if (it->second == this) {
            t.by_digest.erase(it);
            return;
        }
}

bool Layout::operator==(const Layout& o) const noexcept {
    if (this == &o) return true;
    if (digest_ != o.digest_) return false;
    if (interned_ && o.interned_) return false; // two live interned layouts differ
    return axes_ == o.axes_;
}

Ref<const Layout> Layout::of(std::vector<AxisLayout> axes) {
    bool labelled = false;
    for (AxisLayout& a : axes) {
        // positions that all lack keys leave the axis unkeyed (an empty keyed axis stays keyed)
        bool none = !a.keys.empty();
        for (const auto& k : a.keys) none = none && !k;
        if (none) {
            a.keyed = false;
            a.keys.clear();
        }
        labelled = labelled || a.keyed || a.name;
    }
    if (!labelled) return {};
    uint64_t digest = digest_of(axes);
    Interned& t = interned();
    {
        std::lock_guard<std::mutex> lock(t.mutex);
        auto [from, to] = t.by_digest.equal_range(digest);
        for (auto it = from; it != to; ++it)
            if (it->second->axes_ == axes)
                if (Ref<const Layout> live = Ref<const Layout>::retain_live(it->second)) return live;
    }
    Ref<Layout> l(new Layout());
    l->index_.reserve(axes.size());
    for (const AxisLayout& a : axes) l->index_.push_back(build_index(a)); // DOMAIN: a duplicate
    l->axes_ = std::move(axes);
    l->digest_ = digest;
    std::lock_guard<std::mutex> lock(t.mutex);
    // an equal layout another thread built meanwhile is the one kept
    auto [from, to] = t.by_digest.equal_range(digest);
    for (auto it = from; it != to; ++it)
        if (it->second->axes_ == l->axes_)
            if (Ref<const Layout> live = Ref<const Layout>::retain_live(it->second)) return live;
    l->interned_ = true;
    t.by_digest.emplace(digest, l.get());
    return l;
}

bool Layout::labelled() const noexcept {
    for (const AxisLayout& x : axes_)
        if (x.keyed || x.name) return true;
    return false;
}

Ref<const Layout> Layout::with_renderer(const Layout* base, int64_t rank, Value renderer) {
    std::vector<AxisLayout> axes = base ? base->axes_ : std::vector<AxisLayout>(static_cast<size_t>(rank));
    if (renderer.is_none()) return of(std::move(axes));
    Ref<Layout> l(new Layout());
    for (const AxisLayout& a : axes) l->index_.push_back(build_index(a));
    l->axes_ = std::move(axes);
    l->digest_ = digest_of(l->axes_);
    l->renderer_ = std::move(renderer);
    return l;
}

Ref<const Layout> Layout::of_keys(std::vector<std::optional<std::string>> keys) {
    AxisLayout a;
    a.keyed = true;
    a.keys = std::move(keys);
    std::vector<AxisLayout> axes;
    axes.push_back(std::move(a));
    return of(std::move(axes));
}

const std::optional<std::string>& Layout::key(int64_t a, int64_t pos) const noexcept {
    static const std::optional<std::string> NONE;
    if (!is_keyed(a) || pos < 0 || pos >= static_cast<int64_t>(axis(a).keys.size())) return NONE;
    return axis(a).keys[static_cast<size_t>(pos)];
}

std::optional<int64_t> Layout::find(int64_t a, std::string_view key) const noexcept {
    if (a < 0 || a >= rank()) return std::nullopt;
    const std::vector<int64_t>& slots = index_[static_cast<size_t>(a)];
    if (slots.empty()) return std::nullopt;
    const auto& keys = axis(a).keys;
    size_t mask = slots.size() - 1;
    for (size_t s = hash_of(key) & mask; slots[s] != 0; s = (s + 1) & mask) {
        size_t pos = static_cast<size_t>(slots[s] - 1);
        if (*keys[pos] == key) return static_cast<int64_t>(pos);
    }
    return std::nullopt;
}

bool same_layout(const Layout* a, const Layout* b) noexcept {
    if (a == b) return true;
    // a layout that only holds a renderer labels nothing: it is the same as none
    if (!a || !b) return !(a && a->labelled()) && !(b && b->labelled());
    return *a == *b;
}

const Layout* layout_of(const Value& v) {
    if (v.is_stored_array()) return v.array_data().layout();
    if (v.is_pending()) return v.pending_node().desc().layout.get();
    return nullptr;
}

Value with_layout(const Value& v, Ref<const Layout> l) {
    if (!l && !layout_of(v)) return v;
    Value s = v.read();
    if (!s.is_stored_array()) {
        ASSERT(!l, "a layout on an atom");
        return s;
    }
    return Value::array(ArrayData::relayout(s.array_ref(), std::move(l)));
}

Value record(std::vector<std::pair<std::string, Value>> fields) {
    std::vector<std::optional<std::string>> keys;
    std::vector<Value> items;
    keys.reserve(fields.size());
    items.reserve(fields.size());
    for (auto& [k, v] : fields) {
        keys.emplace_back(std::move(k));
        items.push_back(std::move(v));
    }
    Ref<const Layout> l = Layout::of_keys(std::move(keys));
    int64_t n = static_cast<int64_t>(items.size());
    Value r = make_array({n}, std::move(items));
    return with_layout(r, std::move(l));
}

std::optional<Value> field(const Value& r, std::string_view key) {
    const Layout* l = layout_of(r);
    if (!l || l->rank() != 1 || !l->is_keyed(0)) return std::nullopt;
    std::optional<int64_t> pos = l->find(0, key);
    if (!pos) return std::nullopt;
    Value s = r.read();
    return s.array_data().item(*pos);
}

std::vector<std::optional<std::string>> keys_of(const Value& v, int64_t a) {
    const Layout* l = layout_of(v);
    if (!l || !l->is_keyed(a)) return {};
    return l->axis(a).keys;
}

} // namespace bpl::value
