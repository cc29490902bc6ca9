// Program::of, refill, the structure key (length classes) and the exact lengths beside it.
#include "program/program.h"

#include "value/array.h"

#include <algorithm>

namespace bpl::program {

namespace {
int64_t length_class(int64_t n) { return n < 2 ? n : 2; }
bool is_count(uint64_t mask, size_t j) { return j >= 64 ? mask == graph::COUNT_ALL : (mask >> j) & 1; }

constexpr uint64_t WIDE_RANK = 0xFFFF;
// Where a node's key word carries whether the read's graph holds it (graph::Node::key_word).
constexpr int HELD_AT = 55;

// An input's description: its leading word (kind, weak, atom, rank), then its length classes (a
// rank past 16 bits first, in full); the exact lengths go to `lengths`. Writes at most 2 + rank
// words.
inline uint64_t* put_desc(uint64_t* p, std::vector<int64_t>& lengths, number::Kind kind, bool weak, bool atom,
                          const value::Shape& shape) {
    uint64_t rank = shape.size() < WIDE_RANK ? shape.size() : WIDE_RANK;
    *p++ = static_cast<uint64_t>(kind) | uint64_t{weak} << 8 | uint64_t{atom} << 9 | rank << 16;
    if (shape.empty()) return p;
    if (shape.size() >= WIDE_RANK) *p++ = shape.size();
    for (int64_t len : shape) {
        *p++ = static_cast<uint64_t>(length_class(len));
        lengths.push_back(len);
    }
    return p;
}
} // namespace

// A multiply per word, the high half folded in at the end: equal keys are compared word by word
// anyway, so the hash need only spread keys over the cache's buckets. (Folding each word as key_of
// writes it measured slower: the multiplies then sit on every store's path.)
uint64_t key_hash(const KeyWords& words) noexcept {
    constexpr uint64_t K = 0x9E3779B97F4A7C15ULL;
    uint64_t h = words.size();
    const uint64_t* x = words.data();
    size_t n = words.size(), i = 0;
    for (; i + 4 <= n; i += 4) { // the same chain of multiplies, four words a trip
        h = (h ^ x[i]) * K;
        h = (h ^ x[i + 1]) * K;
        h = (h ^ x[i + 2]) * K;
        h = (h ^ x[i + 3]) * K;
    }
    for (; i < n; i++) h = (h ^ x[i]) * K;
    return h ^ (h >> 32);
}

// The words are written through a cursor into the key's whole room (base::RawList), checked once
// per leaf and per node.
void key_of(const graph::Live& live, Key& key) {
    key.lengths.clear();
    KeyWords& w = key.words;
    KeyWords::Cursor c = w.rewrite();
    auto room = [&](size_t n) {
        if (!c.fits(n)) [[unlikely]]
            c = w.grow(c.p, n);
    };
    room(1);
    *c.p++ = live.inputs.size();
    // An atom's one word each, in the room made here; a leaf with lengths makes room for its own
    // words and the atoms' again, so no atom's word needs a check.
    size_t atoms_room = live.inputs.size();
    room(atoms_room);
    for (const value::Value& v : live.inputs) { // a leaf's description, without building a Desc
        if (v.tag() == value::Tag::Number) [[likely]] { // a real atom
            *c.p++ = static_cast<uint64_t>(v.kind()) | uint64_t{v.weak()} << 8 | uint64_t{1} << 9;
            continue;
        }
        switch (v.tag()) {
        case value::Tag::Array: {
            const value::ArrayData& a = v.array_data();
            room(2 + a.shape().size() + atoms_room);
            c.p = put_desc(c.p, key.lengths, a.kind(), a.weak(), false, a.shape());
            break;
        }
        case value::Tag::Pending: {
            const Desc& d = v.pending_node().desc();
            room(2 + d.shape.size() + atoms_room);
            c.p = put_desc(c.p, key.lengths, d.kind, d.weak, d.atom, d.shape);
            break;
        }
        default: // an atom
            *c.p++ = static_cast<uint64_t>(v.kind()) | uint64_t{v.weak()} << 8 | uint64_t{1} << 9;
        }
    }
    auto two = [](int32_t a, int32_t b) { // two references a word
        return static_cast<uint32_t>(a) | uint64_t{static_cast<uint32_t>(b)} << 32;
    };
    // A node with no parameters and no axes (a scalar step, not a Copy): its head and its wiring.
    constexpr uint64_t PLAIN = graph::Node::KEY_WIDE | graph::Node::KEY_COUNT_MAX << graph::Node::KEY_PARAMS_AT |
                               graph::Node::KEY_COUNT_MAX << graph::Node::KEY_RANK_AT;
    const int32_t* all_refs = live.refs.data();
    const uint32_t* first = live.first.data();
    size_t count = live.nodes.size();
    for (size_t i = 0; i < count; i++) {
        const graph::Node& node = *live.nodes[i];
        // The node's own key word comes first (step, function, kinds, the counts of operands,
        // parameters and axes), so the words decode one way: the step says which parameters the
        // key leaves out. Whether the node is held is the read's, in the word's free bits.
        uint64_t head = node.key_word() | uint64_t{live.held[i]} << HELD_AT;
        std::span<const int32_t> refs(all_refs + first[i], all_refs + first[i + 1]);
        size_t nr = refs.size();
        if ((head & PLAIN) == 0 && nr <= 2 && static_cast<Step>(head & 0xFF) != Step::Copy) {
            room(2);
            *c.p++ = head;
            if (nr == 2) *c.p++ = two(refs[0], refs[1]);
            else if (nr == 1) *c.p++ = static_cast<uint32_t>(refs[0]);
            continue;
        }
        const graph::Origin& o = node.origin();
        const value::Shape& shape = node.desc().shape;
        // Room for every word of this node: its key word and the counts it saturated, references
        // two a word, parameters, a Copy's facts and the length classes.
        room(6 + refs.size() / 2 + o.params.size() + shape.size());
        uint64_t* p = c.p;
        *p++ = head;
        if (head & graph::Node::KEY_WIDE) [[unlikely]] {
            *p++ = refs.size();
            *p++ = o.params.size();
            *p++ = shape.size();
        }
        if (nr == 2) { // the usual: a dyadic step
            *p++ = two(refs[0], refs[1]);
        } else {
            size_t j = 0;
            for (; j + 1 < nr; j += 2) *p++ = two(refs[j], refs[j + 1]);
            if (j < nr) *p++ = static_cast<uint32_t>(refs[j]);
        }
        if (!o.params.empty()) {
            uint64_t counts = graph::count_params(o.step);
            for (size_t q = 0; q < o.params.size(); q++) {
                if (is_count(counts, q)) key.lengths.push_back(o.params[q]);
                else *p++ = static_cast<uint64_t>(o.params[q]);
            }
        }
        if (o.step == Step::Copy) *p++ = copy_facts(o.params, shape);
        for (int64_t len : shape) {
            *p++ = static_cast<uint64_t>(length_class(len));
            key.lengths.push_back(len);
        }
        c.p = p;
    }
    w.finish(c.p);
    key.hash = key_hash(w);
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
    // An atom input's description has no lengths (its kind and weakness are in the key, and no
    // plan reads an input's range): only arrays and pending leaves are described anew.
    for (size_t i = 0; i < live.inputs.size(); i++)
        if (live.inputs[i].is_stored_array() || live.inputs[i].is_pending()) inputs[i] = Desc::of(live.inputs[i]);
    for (size_t i = 0; i < live.nodes.size(); i++) {
        steps[i].params = live.nodes[i]->origin().params;
        steps[i].out = live.nodes[i]->desc();
    }
}

} // namespace bpl::program
