// Pending: the value layer's interface to a graph node's result, and Desc, what a native value is
// without its items. graph::Node implements Pending; value/ never computes anything itself.
#pragma once

#include "value/layout.h"
#include "value/value.h"

#include <limits>

namespace bpl::value {

// A conservative range of a real value's items: every item that is not NaN lies in lo..hi
// (NaN items are outside every range's promise). The default, -∞..∞, is unknown. Complex,
// character and other kinds keep the default.
struct Range {
    double lo = -std::numeric_limits<double>::infinity();
    double hi = std::numeric_limits<double>::infinity();
    bool known() const noexcept { return lo != -std::numeric_limits<double>::infinity() || hi != std::numeric_limits<double>::infinity(); }
    bool operator==(const Range&) const = default;
    // The range of one real item v (unknown for NaN).
    static Range of(double v) noexcept;
    // The bounds every item of kind k has (Bool 0..1, fixed integers their width; unknown for
    // floats and the rest): what an opaque input is known to hold.
    static Range of_kind(Kind k) noexcept;
};

// What a native value is: kind, weakness, atom or array, shape; then the range of its items and
// its axis layout (both last, with defaults, so `Desc{kind, weak, atom, shape}` still builds).
// The layout (value/layout.h: keys and axis names) is null for an unlabelled value; Descs
// compare it by identity (a cache key compares key sets by identity first).
struct Desc {
    Kind kind = Kind::F64;
    bool weak = false;
    bool atom = false;
    Shape shape;
    Range range;
    Ref<const Layout> layout;
    Desc() = default;
    Desc(Kind k, bool w, bool a, Shape s, Range r = {}, Ref<const Layout> l = {})
        : kind(k), weak(w), atom(a), shape(std::move(s)), range(r), layout(l) {}
    int64_t count() const noexcept;
    bool operator==(const Desc&) const = default;
    // The description of a native value (number/char atom, compact array, pending value).
    static Desc of(const Value& v);
    // The range Desc::of(v) carries, without building the description (no shape copied).
    static Range range_of(const Value& v) noexcept;
};

class Pending : public base::RefCounted {
  public:
    explicit Pending(Desc&& desc) : desc_(std::move(desc)) {}
    virtual ~Pending() = default; // inline: a chain's nodes die one after another on a read
    const Desc& desc() const noexcept { return desc_; }
    // Computes the value if it is not computed yet and returns it stored (an atom or a compact
    // array). The one read chokepoint: may throw base::Error for a data error found by the run.
    virtual Value force() = 0;

  protected:
    Desc desc_;
};

} // namespace bpl::value
