// InternTable: the graph's interning table. Non-owning: it holds each live, unforced node once,
// under the hash of its structure; a node leaves when it is forced or dies. Open addressing with
// linear probing over (hash, node) slots, so a lookup compares stored hashes and touches a node
// only when its hash matches; deletion shifts later entries back, so there are no tombstones.
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
            if (s.hash == h && same(*s.node)) return s.node;
        }
    }
    // Adds n under h (n must not be in the table). Grows to keep at most half the slots full;
    // throws std::bad_alloc, leaving the table as it was, when it cannot.
    void insert(uint64_t h, Node* n);
    // Removes n, held under h; nothing when it is not there. Shrinks when under 1/8 full
    // (above 1024 slots).
    // Never throws.
    void erase(uint64_t h, const Node* n) noexcept;

    size_t size() const noexcept { return size_; }
    size_t capacity() const noexcept { return mask_ + 1; }

  private:
    struct Slot {
        uint64_t hash;
        Node* node; // null: empty
    };
    // The slot a hash starts probing at: Fibonacci hashing takes the product's top bits, so
    // hashes that differ only in high or only in low bits still spread.
    size_t home(uint64_t h) const noexcept {
        return static_cast<size_t>((h * 0x9E3779B97F4A7C15ULL) >> shift_);
    }
    // Moves the entries into `capacity` slots; false (nothing changed) when memory runs out.
    bool rehash(size_t capacity) noexcept;

    std::unique_ptr<Slot[]> slots_;
    size_t mask_ = 0;  // capacity - 1 (a power of two), 0 before the first insert
    int shift_ = 63;   // 64 - log2(capacity)
    size_t size_ = 0;
};

} // namespace bpl::graph
