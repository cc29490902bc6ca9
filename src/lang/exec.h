// The tree executor (language.md §4, §5, §6, §8): evaluates bound instructions, runs dfn bodies
// (predicates, guards, default ⍺), assignment and ⎕. The one statement evaluator.
#pragma once

#include "lang/binder.h"
#include "lang/run.h"
#include "lang/scope.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace bpl::lang {

struct Dissection; // dissect.h

// A ∇ call in tail position, evaluated but not yet made: the dfn loops instead of nesting.
struct TailCall {
    bool pending = false;
    Value alpha; // none: monadic
    Value omega;
};

// The array `cur` with its items replaced by `items`, kinds joined as writes join them (§5;
// the one write of selective assignment and of f@positions).
Value written(const Value& cur, std::vector<Value> items);

// What a name is bound to: the value itself, or inside an error guard the value forced (so
// the work made inside the guard raises inside it).
const Value& to_bind(const Value& v);

// One run() of source text: the context and the source the sites point into.
class Exec {
  public:
    Exec(Context& ctx, std::shared_ptr<const std::string> source)
        : ctx_(ctx), source_(std::move(source)) {}
    Context& ctx() { return ctx_; }
    const std::shared_ptr<const std::string>& source() const { return source_; }

    // Binds and runs one statement in `frame`; `shy` says whether its result is shy. With
    // `tail`, a statement that is a ∇ call only evaluates its arguments into *tail.
    Value statement(const Expr& e, Frame& frame, bool* shy, TailCall* tail = nullptr);
    // Evaluates an instruction. Throws base::Error with the site of the call that raised it.
    Value eval(const Instr& i, Frame& frame);
    // Records the statements run in d->frame, and the calls they make there, into d (null:
    // none, the default).
    void dissect(Dissection* d) { dissect_ = d; }

  private:
    Value call(const Instr& i, Frame& frame, bool dyadic);
    Value assign(const Instr& i, Frame& frame);
    Value modify(const Instr& i, Frame& frame);
    Value destructure(const Instr& i, Frame& frame);
    void bind_pattern(const Instr& p, const Value& v, Frame& frame, const Value* fn);
    Value list(const Instr& i, Frame& frame);
    Value select_assign(const Instr& i, Frame& frame);
    Value select_nested(const Instr& i, const Instr& sel, Frame& frame, const Value& v, const Value& fn, const std::function<void(const Value&)>& store, const Value& cur);
    std::optional<Value> grow_selected(const Instr& i, Frame& frame, const Value& cur, std::optional<Instr>& once);
    Value path_assign(const Instr& i, Frame& frame);
    Value scope(const Instr& i, Frame& frame);

    Context& ctx_;
    std::shared_ptr<const std::string> source_;
    Value select_source_; // what SelectSource reads while a selection runs
    Dissection* dissect_ = nullptr;
};

// The executor and frame of the statement running on this thread (for ⍎), or null.
Exec* running_exec();
Frame* running_frame();

// Binds the keys of keyed vector `record` as names in `scope` (a scope `A.(expr)`, `A⍎text`);
// DOMAIN ERROR for anything else.
void bind_keys(Scope& scope, const Value& record);

// A dfn value closing over the scope it was made in (and, for a derived function of a defined
// operator, its operands).
Value make_dfn(Exec& ex, std::shared_ptr<const DfnSyntax> syntax, Scope* env);

// Whether nothing outside `module` (a module's root scope) can reach it: every dfn closing over
// it that its bindings hold (directly, in arrays at any depth, or as such a dfn's operands) is
// held only there, and nothing else holds the scope (a running call's scope, a dfn made inside
// a call, one held elsewhere). `own` is the Context's own hold on it. Conservative: a dfn
// inside another kind of function value counts as held from outside.
bool unreachable_module(const Scope& module, uint32_t own);

// The truth of a predicate's value (§6.2): exactly one item, Boolean or within tolerance of
// 0 or 1. Reads the value. Throws LENGTH or DOMAIN ERROR.
bool truth(const Value& v);

} // namespace bpl::lang
