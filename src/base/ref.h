// Ref<T>: the intrusive reference-counted handle for array buffers and graph nodes. One pointer;
// the count lives in the object (RefCounted). is_unique() permits in-place reuse.
#pragma once

#include <atomic>
#include <cstdint>
#include <utility>

namespace bpl::base {

// Base of every Ref-managed object. The count starts at 0; Ref takes the first reference.
class RefCounted {
  public:
    RefCounted() = default;
    RefCounted(const RefCounted&) = delete;
    RefCounted& operator=(const RefCounted&) = delete;
    uint32_t ref_count() const noexcept { return refs_.load(std::memory_order_relaxed); }

  protected:
    ~RefCounted() = default;

  private:
    template <class T>
    friend class Ref;
    mutable std::atomic<uint32_t> refs_{0};
};

// An owning handle. Passing a Ref by value consumes it; borrow with const T&.
// T must derive from RefCounted and be deleted through `delete static_cast<T*>`.
template <class T>
class Ref {
  public:
    Ref() noexcept = default;
    explicit Ref(T* p) noexcept : p_(p) { retain(); }
    Ref(const Ref& o) noexcept : p_(o.p_) { retain(); }
    Ref(Ref&& o) noexcept : p_(std::exchange(o.p_, nullptr)) {}
    template <class U>
    Ref(const Ref<U>& o) noexcept : p_(o.get()) { retain(); } // NOLINT: upcast
    ~Ref() { release(); }
    Ref& operator=(Ref o) noexcept {
        std::swap(p_, o.p_);
        return *this;
    }

    template <class... A>
    static Ref make(A&&... a) {
        return Ref(new T(std::forward<A>(a)...));
    }

    // Takes over a reference that `p` already carries (from leak()); no increment.
    static Ref adopt(T* p) noexcept {
        Ref r;
        r.p_ = p;
        return r;
    }
    // A new reference to `p` unless its count has already fallen to 0 (it is being destroyed):
    // null then. For tables that list live objects without holding them (value::Layout's).
    static Ref retain_live(T* p) noexcept {
        uint32_t c = p->refs_.load(std::memory_order_relaxed);
        while (c != 0)
            if (p->refs_.compare_exchange_weak(c, c + 1, std::memory_order_acq_rel)) return adopt(p);
        return Ref();
    }
    // Gives up this handle's reference without releasing it; pair with adopt().
    T* leak() noexcept { return std::exchange(p_, nullptr); }

    T* get() const noexcept { return p_; }
    T* operator->() const noexcept { return p_; }
    T& operator*() const noexcept { return *p_; }
    explicit operator bool() const noexcept { return p_ != nullptr; }
    bool operator==(const Ref& o) const noexcept { return p_ == o.p_; }
    // True when this handle is the only reference, so the object may be changed in place.
    bool is_unique() const noexcept { return p_ && p_->refs_.load(std::memory_order_acquire) == 1; }

  private:
    void retain() noexcept {
        if (p_) p_->refs_.fetch_add(1, std::memory_order_relaxed);
    }
    void release() noexcept {
        if (p_ && p_->refs_.fetch_sub(1, std::memory_order_acq_rel) == 1) delete p_;
        p_ = nullptr;
    }
    T* p_ = nullptr;
};

} // namespace bpl::base
