// Pending: the value layer's interface to a graph node's result, and Desc, what a native value is
// without its items. graph::Node implements Pending; value/ never computes anything itself.
#pragma once

#include "value/value.h"

namespace bpl::value {

// What a native value is: kind, weakness, atom or array, shape.
struct Desc {
    Kind kind = Kind::F64;
    bool weak = false;
    bool atom = false;
    Shape shape;
    int64_t count() const noexcept;
    bool operator==(const Desc&) const = default;
    // The description of a native value (number/char atom, compact array, pending value).
    static Desc of(const Value& v);
};

class Pending : public base::RefCounted {
  public:
    explicit Pending(Desc desc) : desc_(std::move(desc)) {}
    virtual ~Pending();
    const Desc& desc() const noexcept { return desc_; }
    // Computes the value if it is not computed yet and returns it stored (an atom or a compact
    // array). The one read chokepoint: may throw base::Error for a data error found by the run.
    virtual Value force() = 0;

  protected:
    Desc desc_;
};

} // namespace bpl::value
