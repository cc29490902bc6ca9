// Function: the value layer's interface to a function atom. lang/ implements it (primitives,
// dfns, derived functions, trains); value/ only stores, compares and displays functions.
#pragma once

#include "value/value.h"

#include <string>

namespace bpl::value {

class Function : public base::RefCounted {
  public:
    virtual ~Function();
    // The function's source spelling for display (`+/`, `{⍵+1}`).
    virtual std::string source() const = 0;
    // Match (≡): a primitive matches itself, derived functions match when their parts match,
    // a dfn only itself.
    virtual bool same(const Function& other) const = 0;
};

} // namespace bpl::value
