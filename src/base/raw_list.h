// RawList: a growable list of trivially copyable items that a hot loop fills through a cursor.
// A reader refills the same lists on every read (the structure key's words, the live graph): a
// cursor over the list's whole room makes writing an item one store, the room is checked once per
// group of items, and nothing is zeroed or constructed. Outside such a loop it reads as a vector.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>
#include <type_traits>

namespace bpl::base {

template <class T>
class RawList {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

  public:
    // Where the next item goes and the end of the room.
    struct Cursor {
        T* p;
        T* end;
        bool fits(size_t n) const noexcept { return static_cast<size_t>(end - p) >= n; }
    };

    RawList() noexcept = default;
    RawList(const RawList& o) : RawList() { assign(o.data_, o.size_); }
    RawList& operator=(const RawList& o) {
        if (this != &o) assign(o.data_, o.size_);
        return *this;
    }
    RawList(RawList&& o) noexcept : data_(o.data_), size_(o.size_), cap_(o.cap_) {
        o.data_ = nullptr;
        o.size_ = o.cap_ = 0;
    }
    RawList& operator=(RawList&& o) noexcept {
        if (this != &o) {
            std::free(data_);
            data_ = o.data_;
            size_ = o.size_;
            cap_ = o.cap_;
            o.data_ = nullptr;
            o.size_ = o.cap_ = 0;
        }
        return *this;
    }
    ~RawList() { std::free(data_); }

    size_t size() const noexcept { return size_; }
    bool empty() const noexcept { return size_ == 0; }
    size_t capacity() const noexcept { return cap_; }
    T* data() noexcept { return data_; }
    const T* data() const noexcept { return data_; }
    T& operator[](size_t i) noexcept { return data_[i]; }
    const T& operator[](size_t i) const noexcept { return data_[i]; }
    T* begin() noexcept { return data_; }
    T* end() noexcept { return data_ + size_; }
    const T* begin() const noexcept { return data_; }
    const T* end() const noexcept { return data_ + size_; }
    const T& back() const noexcept { return data_[size_ - 1]; }
    void clear() noexcept { size_ = 0; }
    // n items, those past the old size left as the memory was.
    void resize(size_t n) {
        if (n > cap_) reserve(n, size_);
        size_ = n;
    }
    bool operator==(const RawList& o) const noexcept {
        return size_ == o.size_ && (size_ == 0 || std::memcmp(data_, o.data_, size_ * sizeof(T)) == 0);
    }

    // A cursor over the whole room from the first item (the list's items are to be rewritten);
    // finish() then sets the size to the items written.
    Cursor rewrite() {
        if (cap_ < MIN_ROOM) reserve(MIN_ROOM, 0);
        return {data_, data_ + cap_};
    }
    // Room for n more items after p (a cursor's position in this list): the items before p kept,
    // the room at least doubled. Throws std::bad_alloc.
    [[gnu::noinline]] Cursor grow(T* p, size_t n) {
        size_t at = static_cast<size_t>(p - data_);
        reserve(at + n + MIN_ROOM, at); // the items written so far survive the move
        return {data_ + at, data_ + cap_};
    }
    void finish(T* p) noexcept { size_ = static_cast<size_t>(p - data_); }

  private:
    static constexpr size_t MIN_ROOM = 16;
    // Room for at least n items (at least twice the old room), the first `keep` moved over.
    void reserve(size_t n, size_t keep) {
        if (n <= cap_) return;
        size_t cap = cap_ * 2 > n ? cap_ * 2 : n;
        T* fresh = static_cast<T*>(std::malloc(cap * sizeof(T)));
        if (!fresh) throw std::bad_alloc();
        if (keep) std::memcpy(static_cast<void*>(fresh), data_, keep * sizeof(T));
        std::free(data_);
        data_ = fresh;
        cap_ = cap;
    }
    void assign(const T* p, size_t n) {
        size_ = 0;
        reserve(n, 0);
        if (n) std::memcpy(static_cast<void*>(data_), p, n * sizeof(T));
        size_ = n;
    }
    T* data_ = nullptr;
    size_t size_ = 0;
    size_t cap_ = 0;
};

} // namespace bpl::base
