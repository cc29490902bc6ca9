// The Copy step's runner: the whole result read through the step's Mapping (math/mapping.h).
#include "math/mapping.h"
#include "program/run.h"
#include "value/array.h"

namespace bpl::program {

void run_copy(const Instr& in, const value::Value& source, value::ArrayData& out) {
    math::Mapping m = math::Mapping::decode(in.params.data(), in.params.size());
    alignas(16) std::byte atom[16], fill[16];
    const void* src = atom;
    if (source.is_stored_array()) src = source.array_data().data();
    else value::store_item(source.kind(), atom, source);
    fill_item(out.kind(), fill);
    math::copy(m, out.kind(), src, out.data(), 0, out.count(), fill);
}

} // namespace bpl::program
