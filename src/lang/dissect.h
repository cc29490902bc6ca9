// Dissection (operators-and-system.md §19.5 the `dissect` setting, §24 `]dissect expr`): a
// statement's bound expression, shown before its result. The executor records each call the
// statement makes in its own frame (not the calls inside a dfn it calls), with the function that
// ran and the values of its arguments; dissection_text then shows the statement's instructions
// with those calls: a call as `left(f)right` in parentheses, or as a `call` node of a tree drawn
// like function trees, its parts the function, the left argument and the right argument.
#pragma once

#include "lang/binder.h"

#include <memory>
#include <string>
#include <unordered_map>

namespace bpl::lang {

struct Frame;

struct Dissection {
    // An argument as recorded: its value, or past •prefs "limit" items only its shape's text
    // (`3 1000⍴…`), so that a large pending value is neither kept nor read (kept, it would be
    // stored instead of fused into the reads that use it).
    struct Arg {
        Value value;
        std::string shape;
    };
    struct Call {
        Value function;
        Arg alpha; // none: monadic
        Arg omega;
    };
    // The frame whose statements are dissected (run_all's top level).
    const Frame* frame = nullptr;
    // Every statement (`]dissect`), or only while •prefs "dissect" is on when it starts.
    bool all = false;
    // The last statement dissected, as bound, and the calls it made, by instruction.
    std::shared_ptr<const Instr> statement;
    std::unordered_map<const Instr*, Call> calls;

    // Whether the statement starting now is dissected.
    bool active() const;
    // The call instruction i makes now, of function f to a (none: monadic) and w.
    void record(const Instr& i, const Value& f, const Value& a, const Value& w);
};

// The bound expression of d's last statement, whose value is `result`: a tree when •prefs
// "trees" is on, else one line (the outermost call without its parentheses); "" for none.
// Arguments show in source form, or as their shape (Arg). At most 1000 nodes; past that, and
// past the stack's depth, `…`.
std::string dissection_text(const Dissection& d, const Value& result);

} // namespace bpl::lang
