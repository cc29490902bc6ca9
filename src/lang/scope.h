// Scope and Frame: names and their values (one scope per dfn call, chained lexically to the
// defining scope; the globals are the chain's root) and what a running body can see (⍺ ⍵ ∇ ⍶ ⍹).
#pragma once

#include "base/ref.h"
#include "value/value.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace bpl::lang {

using value::Value;

class Scope : public base::RefCounted {
  public:
    // A scope whose lookups continue in `parent`; `keep` holds a counted parent alive. The
    // globals are owned by their Context and never held through a Ref; a module's root scope
    // (`module`) is counted: the dfns it defines and their calls' scopes hold it, and the
    // Context frees it once only its own bindings do (Context::release_modules).
    explicit Scope(Scope* parent = nullptr, base::Ref<Scope> keep = {}, bool module = false)
        : parent_(parent), keep_(std::move(keep)), module_(module) {}
    ~Scope() = default;

    bool is_global() const { return parent_ == nullptr; }
    // Whether what closes over this scope holds it through a Ref (all but the globals).
    bool counted() const { return parent_ != nullptr || module_; }
    // A Ref to this scope for what closes over it; null for the globals.
    base::Ref<Scope> keep_ref() { return counted() ? base::Ref<Scope>(this) : base::Ref<Scope>(); }
    Scope* parent() const { return parent_; }
    // This scope's own binding of `name`, or null.
    Value* find_local(const std::string& name) {
        auto it = names_.find(name);
        return it == names_.end() ? nullptr : &it->second;
    }
    // The nearest binding of `name` searching outward, or null.
    Value* find(const std::string& name) {
        for (Scope* s = this; s; s = s->parent_)
            if (Value* v = s->find_local(name)) return v;
        return nullptr;
    }
    // The scope holding the nearest binding of `name`, or null.
    Scope* owner(const std::string& name) {
        for (Scope* s = this; s; s = s->parent_)
            if (s->find_local(name)) return s;
        return nullptr;
    }
    void set(const std::string& name, Value v) { names_[name] = std::move(v); }
    // Removes this scope's own binding of `name` (•ex), if any.
    void erase(const std::string& name) { names_.erase(name); }
    // This scope's own names, in no order (the REPL's completion lists them).
    std::vector<std::string> names() const {
        std::vector<std::string> out;
        out.reserve(names_.size());
        for (const auto& [name, value] : names_) out.push_back(name);
        return out;
    }
    // Drops every binding (a finished call's locals), breaking closure cycles.
    void clear() { names_.clear(); }

  private:
    std::unordered_map<std::string, Value> names_;
    Scope* parent_;
    base::Ref<Scope> keep_;
    bool module_;
};

// What the statements of one body see: the scope, the arguments and, in a dfn or defined
// operator, ∇, the operands and the operator. At top level only `scope` is set.
struct Frame {
    Scope* scope = nullptr;
    bool in_dfn = false;
    Value alpha;          // ⍺: none when absent (a monadic call without a default)
    Value omega;          // ⍵
    Value self;           // ∇: the dfn, or the derived function in an operator
    Value operand_left;   // ⍶
    Value operand_right;  // ⍹
    Value op_self;        // ⍢: the operator itself
};

} // namespace bpl::lang
