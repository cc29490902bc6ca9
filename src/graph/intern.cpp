// InternTable: insertion with growth, rehashing (growing, shrinking, clearing tombstones).
#include "graph/intern.h"

#include "graph/node.h"

#include <new>
#include <utility>

namespace bpl::graph {

namespace {
constexpr size_t MIN_CAPACITY = 64;
} // namespace

void InternTable::place(size_t i, uint64_t h, Node* n) noexcept {
    slots_[i] = Slot{h, n};
    n->intern_slot_ = static_cast<uint32_t>(i);
}

bool InternTable::rehash(size_t capacity) noexcept {
    std::unique_ptr<Slot[]> fresh(new (std::nothrow) Slot[capacity]());
    if (!fresh) return false; // the table stays as it was
    std::unique_ptr<Slot[]> old = std::exchange(slots_, std::move(fresh));
    size_t old_capacity = old ? mask_ + 1 : 0;
    mask_ = capacity - 1;
    shift_ = 64;
    for (size_t c = capacity; c > 1; c >>= 1) shift_--;
    tombs_ = 0;
    for (size_t j = 0; j < old_capacity; j++) {
        if (!old[j].node || old[j].node == tomb()) continue;
        size_t i = home(old[j].hash);
        while (slots_[i].node) i = (i + 1) & mask_;
        place(i, old[j].hash, old[j].node);
    }
    return true;
}

void InternTable::insert(uint64_t h, Node* n) {
    // at most half the slots in use, tombstones counted (so every probe meets an empty slot);
    // when tombstones fill it, a rehash clears them (at twice the capacity once live entries
    // pass a quarter, so a steady table does not rehash on every few inserts)
    if (!slots_ || 2 * (size_ + tombs_ + 1) > capacity()) {
        size_t want = !slots_ ? MIN_CAPACITY : 4 * (size_ + 1) > capacity() ? 2 * capacity() : capacity();
        if (!rehash(want)) throw std::bad_alloc();
    }
    size_t i = home(h);
    while (slots_[i].node && slots_[i].node != tomb()) i = (i + 1) & mask_;
    if (slots_[i].node) tombs_--;
    place(i, h, n);
    size_++;
}

void InternTable::clear_tombs_before(size_t i) noexcept {
    for (size_t j = (i - 1) & mask_; slots_[j].node == tomb(); j = (j - 1) & mask_) {
        slots_[j] = Slot{0, nullptr};
        tombs_--;
    }
}

} // namespace bpl::graph
