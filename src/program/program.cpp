// Program::of, refill, the structure key (length classes) and the exact lengths beside it.
#include "program/program.h"

#include "value/array.h"

namespace bpl::program {

namespace {
int64_t length_class(int64_t n) { return n < 2 ? n : 2; }
bool is_count(uint64_t mask, size_t j) { return j >= 64 ? mask == graph::COUNT_ALL : (mask >> j) & 1; }

// Fills a Key: the words in `w`, the exact lengths in `lengths`. Small fields share a word.
struct KeyWriter {
    std::vector<uint64_t>& w;
    std::vector<int64_t>& lengths;
    static constexpr uint64_t WIDE_RANK = 0xFFFF;
    void put(uint64_t v) { w.push_back(v); }
    // A description's leading word (kind, weak, atom, rank, in 32 bits) with `high` in its upper
    // half, then its length classes; the exact lengths go to `lengths`.
    void desc(number::Kind kind, bool weak, bool atom, const value::Shape& shape, uint64_t high = 0) {
        uint64_t rank = shape.size() < WIDE_RANK ? shape.size() : WIDE_RANK;
        put(static_cast<uint64_t>(kind) | uint64_t{weak} << 8 | uint64_t{atom} << 9 | rank << 16 | high << 32);
        if (!shape.empty()) axes(shape);
    }
    // The axes' words: a rank past 16 bits in full, then each length's class.
    [[gnu::noinline]] void axes(const value::Shape& shape) {
        if (shape.size() >= WIDE_RANK) put(shape.size());
        for (int64_t len : shape) {
            put(static_cast<uint64_t>(length_class(len)));
            lengths.push_back(len);
        }
    }
    // A leaf's description without building a Desc (whose shape would be a copy).
    void leaf(const value::Value& v) {
        static const value::Shape none;
        if (v.is_stored_array()) {
            const value::ArrayData& a = v.array_data();
            desc(a.kind(), a.weak(), false, a.shape());
        } else if (v.is_pending()) {
            const Desc& d = v.pending_node().desc();
            desc(d.kind, d.weak, d.atom, d.shape);
        } else {
            desc(v.kind(), v.weak(), true, none);
        }
    }
};
} // namespace

// A multiply per word, the high half folded in at the end: equal keys are compared word by word
// anyway, so the hash need only spread keys over the cache's buckets.
uint64_t key_hash(const std::vector<uint64_t>& words) noexcept {
    uint64_t h = words.size();
    for (uint64_t x : words) h = (h ^ x) * 0x9E3779B97F4A7C15ULL;
    return h ^ (h >> 32);
}

void key_of(const graph::Live& live, Key& key) {
    key.lengths.clear();
    key.words.clear();
    KeyWriter k{key.words, key.lengths};
    k.put(live.inputs.size());
    for (const value::Value& v : live.inputs) k.leaf(v);
    for (size_t i = 0; i < live.nodes.size(); i++) {
        const graph::Origin& o = live.nodes[i]->origin();
        auto refs = live.operands(i);
        // The step and its counts come first, so the words decode one way: the step says
        // which parameters the key leaves out. A parameter count past 24 bits is written in full.
        constexpr uint64_t WIDE = 0xFFFFFF;
        uint64_t n_params = o.params.size() < WIDE ? o.params.size() : WIDE;
        k.put(refs.size() | n_params << 32 | static_cast<uint64_t>(o.step) << 56);
        if (n_params == WIDE) k.put(o.params.size());
        for (size_t j = 0; j < refs.size(); j += 2) // two references a word
            k.put(static_cast<uint32_t>(refs[j]) |
                  (j + 1 < refs.size() ? uint64_t{static_cast<uint32_t>(refs[j + 1])} << 32 : 0));
        uint64_t counts = graph::count_params(o.step);
        for (size_t j = 0; j < o.params.size(); j++) {
            if (is_count(counts, j)) key.lengths.push_back(o.params[j]);
            else k.put(static_cast<uint64_t>(o.params[j]));
        }
        if (o.step == Step::Copy) k.put(copy_facts(o.params, live.nodes[i]->desc().shape));
        // The result's description, sharing its word with the function, the kind computed in
        // and whether the node is held.
        const Desc& d = live.nodes[i]->desc();
        k.desc(d.kind, d.weak, d.atom, d.shape,
               static_cast<uint64_t>(o.fn) | static_cast<uint64_t>(o.compute) << 8 |
                   uint64_t{live.held[i]} << 16);
    }
    key.hash = key_hash(key.words);
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
