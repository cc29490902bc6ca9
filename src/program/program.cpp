// Program::of and the structure key.
#include "program/program.h"

namespace bpl::program {

namespace {
void put(std::string& k, int64_t v) { k.append(reinterpret_cast<const char*>(&v), sizeof v); }
void put_desc(std::string& k, const Desc& d) {
    put(k, static_cast<int64_t>(d.kind) | (int64_t{d.weak} << 8) | (int64_t{d.atom} << 9));
    put(k, static_cast<int64_t>(d.shape.size()));
    for (int64_t n : d.shape) put(k, n);
}
} // namespace

std::string key_of(const graph::Live& live) {
    std::string k;
    k.reserve(64 * live.nodes.size());
    put(k, static_cast<int64_t>(live.inputs.size()));
    for (const value::Value& v : live.inputs) put_desc(k, Desc::of(v));
    for (size_t i = 0; i < live.nodes.size(); i++) {
        const graph::Origin& o = live.nodes[i]->origin();
        put(k, static_cast<int64_t>(o.step) | (static_cast<int64_t>(o.fn) << 8) |
                   (static_cast<int64_t>(o.compute) << 16));
        put(k, static_cast<int64_t>(live.operands[i].size()));
        for (int32_t r : live.operands[i]) put(k, r);
        put(k, static_cast<int64_t>(o.params.size()));
        for (int64_t p : o.params) put(k, p);
        put_desc(k, live.nodes[i]->desc());
    }
    return k;
}

Program Program::of(const graph::Live& live) {
    Program p;
    for (const value::Value& v : live.inputs) p.inputs.push_back(Desc::of(v));
    for (size_t i = 0; i < live.nodes.size(); i++) {
        const graph::Origin& o = live.nodes[i]->origin();
        p.steps.push_back(Instr{o.step, o.fn, o.compute, live.operands[i], o.params,
                                live.nodes[i]->desc()});
    }
    return p;
}

} // namespace bpl::program
