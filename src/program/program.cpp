// Program::of, refill, the structure key (length classes) and the exact lengths beside it.
#include "program/program.h"

namespace bpl::program {

namespace {
void put(std::string& k, int64_t v) { k.append(reinterpret_cast<const char*>(&v), sizeof v); }
int64_t length_class(int64_t n) { return n < 2 ? n : 2; }
void put_desc(std::string& k, const Desc& d) {
    put(k, static_cast<int64_t>(d.kind) | (int64_t{d.weak} << 8) | (int64_t{d.atom} << 9) |
               (static_cast<int64_t>(d.shape.size()) << 16));
    for (int64_t n : d.shape) put(k, length_class(n));
}
bool is_count(uint64_t mask, size_t j) { return j >= 64 ? mask == graph::COUNT_ALL : (mask >> j) & 1; }
} // namespace

std::string key_of(const graph::Live& live) {
    std::string k;
    k.reserve(64 * live.nodes.size());
    put(k, static_cast<int64_t>(live.inputs.size()));
    for (const value::Value& v : live.inputs) put_desc(k, Desc::of(v));
    for (size_t i = 0; i < live.nodes.size(); i++) {
        const graph::Origin& o = live.nodes[i]->origin();
        put(k, static_cast<int64_t>(o.step) | (static_cast<int64_t>(o.fn) << 8) |
                   (static_cast<int64_t>(o.compute) << 16) |
                   (static_cast<int64_t>(live.held[i]) << 24) |
                   (static_cast<int64_t>(live.operands(i).size()) << 32));
        for (int32_t r : live.operands(i)) put(k, r);
        uint64_t counts = graph::count_params(o.step);
        put(k, static_cast<int64_t>(o.params.size()));
        for (size_t j = 0; j < o.params.size(); j++)
            if (!is_count(counts, j)) put(k, o.params[j]);
        put_desc(k, live.nodes[i]->desc());
    }
    return k;
}

std::vector<int64_t> lengths_of(const graph::Live& live) {
    std::vector<int64_t> out;
    for (const value::Value& v : live.inputs)
        for (int64_t n : Desc::of(v).shape) out.push_back(n);
    for (size_t i = 0; i < live.nodes.size(); i++) {
        const graph::Origin& o = live.nodes[i]->origin();
        uint64_t counts = graph::count_params(o.step);
        for (size_t j = 0; j < o.params.size(); j++)
            if (is_count(counts, j)) out.push_back(o.params[j]);
        for (int64_t n : live.nodes[i]->desc().shape) out.push_back(n);
    }
    return out;
}

Program Program::of(const graph::Live& live) {
    Program p;
    for (const value::Value& v : live.inputs) p.inputs.push_back(Desc::of(v));
    for (size_t i = 0; i < live.nodes.size(); i++) {
        const graph::Origin& o = live.nodes[i]->origin();
        auto refs = live.operands(i);
        p.steps.push_back(Instr{o.step, o.fn, o.compute, {refs.begin(), refs.end()}, o.params,
                                live.nodes[i]->desc(), live.held[i] != 0});
    }
    return p;
}

void Program::refill(const graph::Live& live) {
    for (size_t i = 0; i < live.inputs.size(); i++) inputs[i] = Desc::of(live.inputs[i]);
    for (size_t i = 0; i < live.nodes.size(); i++) {
        steps[i].params = live.nodes[i]->origin().params;
        steps[i].out = live.nodes[i]->desc();
    }
}

} // namespace bpl::program
