// InternTable: insertion with growth, backward-shift deletion with shrinking.
#include "graph/intern.h"

#include <new>
#include <utility>

namespace bpl::graph {

namespace {
constexpr size_t MIN_CAPACITY = 64;
// The table shrinks only above this many slots (16 KiB): a loop whose calls make and free a few
// dozen nodes each would otherwise grow and shrink a small table over and over.
constexpr size_t SHRINK_FLOOR = 1024;
} // namespace

bool InternTable::rehash(size_t capacity) noexcept {
    std::unique_ptr<Slot[]> fresh(new (std::nothrow) Slot[capacity]());
    if (!fresh) return false; // the table stays as it was
    std::unique_ptr<Slot[]> old = std::exchange(slots_, std::move(fresh));
    size_t old_capacity = old ? mask_ + 1 : 0;
    mask_ = capacity - 1;
    shift_ = 64;
    for (size_t c = capacity; c > 1; c >>= 1) shift_--;
    for (size_t j = 0; j < old_capacity; j++) {
        if (!old[j].node) continue;
        size_t i = home(old[j].hash);
        while (slots_[i].node) i = (i + 1) & mask_;
        slots_[i] = old[j];
    }
    return true;
}

void InternTable::insert(uint64_t h, Node* n) {
    size_t want = !slots_ ? MIN_CAPACITY : 2 * (size_ + 1) > capacity() ? 2 * capacity() : 0;
    if (want && !rehash(want)) throw std::bad_alloc();
    size_t i = home(h);
    while (slots_[i].node) i = (i + 1) & mask_;
    slots_[i] = Slot{h, n};
    size_++;
}

void InternTable::erase(uint64_t h, const Node* n) noexcept {
    if (size_ == 0) return;
    size_t j = home(h);
    while (slots_[j].node != n) {
        if (!slots_[j].node) return; // not here
        j = (j + 1) & mask_;
    }
    // Backward shift: move each later entry of the run whose home is not in (j, i] into the
    // hole, so every entry stays reachable from its home without a tombstone.
    for (size_t i = (j + 1) & mask_; slots_[i].node; i = (i + 1) & mask_) {
        size_t k = home(slots_[i].hash);
        bool stays = j < i ? (j < k && k <= i) : (j < k || k <= i);
        if (stays) continue;
        slots_[j] = slots_[i];
        j = i;
    }
    slots_[j] = Slot{0, nullptr};
    size_--;
    if (capacity() > SHRINK_FLOOR && 8 * size_ < capacity()) (void)rehash(capacity() / 2);
}

} // namespace bpl::graph
