// InternTable: the graph's interning table. Non-owning: it holds each live, unforced node once,
// under the hash of its structure; a node leaves when it is forced or dies. Open addressing with
// linear probing over (hash, node) slots, so a lookup compares stored hashes and touches a node
// only when its hash matches. Entries never move but on a rehash, so each node keeps its slot's
// index (Node::intern_slot_) and leaving is O(1): the slot becomes empty where no probe runs past
// it (the next slot is empty), else a tombstone that lookups step over and inserts reuse. A read
// retires a chain of nodes, so leaving is the table's hot path.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

namespace bpl::graph {

class Node;

class InternTable {
  public:
    // The node under hash h for which same(node) holds, or null.
    template <class Same>
    Node* find(uint64_t h, Same&& same) const {
        if (size_ == 0) return nullptr;
        for (size_t i = home(h);; i = (i + 1) & mask_) {
            const Slot& s = slots_[i];
            if (!s.node) return nullptr;
            if (s.hash == h && s.node != tomb() && same(*s.node)) return s.node;
        }
    }
    // Adds n under h (n must not be in the table). Grows to keep at most half the slots full;
    // throws std::bad_alloc, leaving the table as it was, when it cannot.
    void insert(uint64_t h, Node* n);
    // Removes n (slot: n's intern_slot_); nothing when it is not there. Shrinks when under 1/8
    // full (above 1024 slots). Inline: a read's retired chain leaves one node at a time. Never
    // throws.
    void erase(Node* n, size_t slot) noexcept {
        size_t i = slot;
        if (size_ == 0 || i > mask_ || slots_[i].node != n) return; // not here
        if (slots_[(i + 1) & mask_].node) { // a probe may run past this slot
            slots_[i].node = tomb();
            tombs_++;
        } else { // the run ends here: the slot, and any tombstones just before it, are empty now
            slots_[i] = Slot{0, nullptr};
            if (slots_[(i - 1) & mask_].node == tomb()) [[unlikely]]
                clear_tombs_before(i);
        }
        size_--;
        if (capacity() > SHRINK_FLOOR && 8 * size_ < capacity()) [[unlikely]]
            (void)rehash(capacity() / 2);
    }

    size_t size() const noexcept { return size_; }
    size_t capacity() const noexcept { return mask_ + 1; }

  private:
    struct Slot {
        uint64_t hash;
        Node* node; // null: empty; tomb(): a node left, probes go on past it
    };
    static Node* tomb() noexcept { return reinterpret_cast<Node*>(alignof(std::max_align_t)); }
    // The slot a hash starts probing at: Fibonacci hashing takes the product's top bits, so
    // hashes that differ only in high or only in low bits still spread.
    size_t home(uint64_t h) const noexcept {
        return static_cast<size_t>((h * 0x9E3779B97F4A7C15ULL) >> shift_);
    }
    // Moves the entries into `capacity` slots (dropping tombstones), telling each node its new
    // slot; false (nothing changed) when memory runs out.
    bool rehash(size_t capacity) noexcept;
    void place(size_t i, uint64_t h, Node* n) noexcept;
    void clear_tombs_before(size_t i) noexcept; // the run of tombstones ending at slot i - 1
    // The table shrinks only above this many slots (16 KiB): a loop whose calls make and free a
    // few dozen nodes each would otherwise grow and shrink a small table over and over.
    static constexpr size_t SHRINK_FLOOR = 1024;

    std::unique_ptr<Slot[]> slots_;
    size_t mask_ = 0;  // capacity - 1 (a power of two), 0 before the first insert
    int shift_ = 63;   // 64 - log2(capacity)
    size_t size_ = 0;
    size_t tombs_ = 0; // slots holding tomb()
};

} // namespace bpl::graph
