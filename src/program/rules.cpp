// The rewrite table. Adding a rule is adding a row: its root step and function (the index that
// rejects early), its name for reports, and its match-and-rewrite.
#include "program/rules.h"

#include "math/mapping.h"
#include "program/block.h"
#include "math/random.h"

#include <algorithm>
#include <array>

namespace bpl::program {

namespace {

using math::Fn;

struct Context {
    Program& p;
    const std::vector<value::Value>& inputs;
    std::vector<Guard>& guards;
};

// Whether operand r is an atom input equal to v (leaving a guard), for a step computing in k.
bool is_constant(Context& c, int32_t r, double v) {
    if (r >= 0) return false;
    const value::Value& x = c.inputs[static_cast<size_t>(-r - 1)];
    if (!x.is_number() || x.as_f64() != v) return false;
    c.guards.push_back({r, v});
    return true;
}

// Operand r as a Map step of function f computing in k with one operand, or null.
const Instr* map_of(const Context& c, int32_t r, Fn f, number::Kind k) {
    if (r < 0) return nullptr;
    const Instr& in = c.p.steps[static_cast<size_t>(r)];
    if (in.step != Step::Map || in.fn != f || in.compute != k) return nullptr;
    return &in;
}

// ⍟1+x → log1p x (and ⍟x+1)
bool log1p_rule(Context& c, Instr& s) {
    if (s.operands.size() != 1) return false;
    const Instr* add = map_of(c, s.operands[0], Fn::Add, s.compute);
    if (!add || add->operands.size() != 2) return false;
    for (int j = 0; j < 2; j++) {
        if (is_constant(c, add->operands[j], 1)) {
            s.fn = Fn::Log1p;
            s.operands = {add->operands[1 - j]};
            return true;
        }
    }
    return false;
}

// ¯1+*x and (*x)+¯1 → expm1 x
bool expm1_add_rule(Context& c, Instr& s) {
    if (s.operands.size() != 2) return false;
    for (int j = 0; j < 2; j++) {
        const Instr* exp = map_of(c, s.operands[1 - j], Fn::Exp, s.compute);
        if (exp && exp->operands.size() == 1 && is_constant(c, s.operands[j], -1)) {
            int32_t x = exp->operands[0];
            s.fn = Fn::Expm1;
            s.operands = {x};
            return true;
        }
    }
    return false;
}

// (*x)-1 → expm1 x
bool expm1_subtract_rule(Context& c, Instr& s) {
    if (s.operands.size() != 2) return false;
    const Instr* exp = map_of(c, s.operands[0], Fn::Exp, s.compute);
    if (!exp || exp->operands.size() != 1 || !is_constant(c, s.operands[1], 1)) return false;
    int32_t x = exp->operands[0];
    s.fn = Fn::Expm1;
    s.operands = {x};
    return true;
}

// ¿ of a broadcast of one item (¿1E7⍴0): the roll reads that item for every draw (stride 0), so
// the broadcast is never stored. The item's count (1) is in the structure key, so a hit keeps it.
bool roll_broadcast_rule(Context& c, Instr& s) {
    if (s.params.empty() || static_cast<math::Draw>(s.params[0]) != math::Draw::Roll || s.operands.size() != 2 ||
        s.out.count() < 2)
        return false;
    int32_t r = s.operands[0];
    if (r < 0 || !reads_one_item(c.p.steps[static_cast<size_t>(r)])) return false;
    int32_t item = c.p.steps[static_cast<size_t>(r)].operands[0];
    const Desc& d = item >= 0 ? c.p.steps[static_cast<size_t>(item)].out : c.p.inputs[static_cast<size_t>(-item - 1)];
    if (d.count() != 1 || d.kind != s.compute) return false;
    s.operands[0] = item;
    return true;
}

// f/ along the last axis of a Copy (w↕x, a window, a transpose, a reshape into rows): the fold
// reads the Copy's operand as w slices of its mapping, item j of the result being
// s₀[j] f (s₁[j] f … s_w-1[j]) in APL's order, so the Copy's w-fold larger result is never made.
// The Copy must be read by the fold alone, its operand stored or an input (not an identity
// read, whose operand would fuse), and f's result kind the kind it computes in.
bool sliding_fold_rule(Context& c, Instr& s) {
    if (s.operands.size() != 1 || s.out.atom || s.sliding) return false;
    int32_t r = s.operands[0];
    if (r < 0) return false;
    const Instr& copy = c.p.steps[static_cast<size_t>(r)];
    if (!reads_by_slices(copy) || copy.held || copy.out.kind != s.compute || s.out.kind != s.compute ||
        math::result_kind(s.fn, s.compute) != s.compute || copy.out.shape.empty() ||
        s.params[0] + 1 != static_cast<int64_t>(copy.out.shape.size()))
        return false;
    math::Mapping m = math::Mapping::decode(copy.params.data(), copy.params.size());
    if (m == math::Mapping::identity(m.count())) return false;
    for (const Instr& other : c.p.steps)
        if (&other != &s && std::find(other.operands.begin(), other.operands.end(), r) != other.operands.end())
            return false;
    s.sliding = true;
    return true;
}

// Which steps a rule rewrites: real float ones only (complex and exact steps keep their spelled
// form), the kinds a block stage computes in, or any kind.
enum class Kinds : uint8_t { RealFloat, Block, Any };

struct Rule {
    Step root;
    Fn fn; // ignored for a step without a function (ANY_FN)
    bool any_fn;
    Kinds kinds;
    const char* name;
    bool (*apply)(Context&, Instr&);
};

constexpr bool ANY_FN = true;

// clang-format off
constexpr Rule RULES[] = {
    {Step::Map,  Fn::Ln,       !ANY_FN, Kinds::RealFloat, "⍟1+x → log1p x", log1p_rule},
    {Step::Map,  Fn::Add,      !ANY_FN, Kinds::RealFloat, "¯1+*x → expm1 x", expm1_add_rule},
    {Step::Map,  Fn::Subtract, !ANY_FN, Kinds::RealFloat, "(*x)-1 → expm1 x", expm1_subtract_rule},
    {Step::Draw, Fn::Add,      ANY_FN,  Kinds::Any,       "¿ of a broadcast → one bound", roll_broadcast_rule},
    {Step::Fold, Fn::Add,      ANY_FN,  Kinds::Block,     "f/ of a Copy → one sliding fold", sliding_fold_rule},
};
// clang-format on

// The table indexed once by root: for each (step, function), whether any rule has that root.
struct Index {
    std::array<std::array<bool, math::FN_COUNT>, 16> any{};
    Index() {
        for (const Rule& r : RULES)
            for (size_t f = 0; f < math::FN_COUNT; f++)
                if (r.any_fn || f == static_cast<size_t>(r.fn)) any[static_cast<size_t>(r.root)][f] = true;
    }
};

bool kinds_match(Kinds kinds, number::Kind k) {
    using number::Kind;
    switch (kinds) {
    case Kinds::Any: return true;
    case Kinds::RealFloat: return k == Kind::F32 || k == Kind::F64;
    case Kinds::Block: return is_block_kind(k);
    }
    return false;
}

} // namespace

void rewrite(Program& p, const std::vector<value::Value>& inputs, std::vector<Guard>& guards,
             std::vector<const char*>& applied) {
    static const Index index;
    Context c{p, inputs, guards};
    for (size_t i = p.steps.size(); i-- > 0;) {
        Instr& s = p.steps[i];
        if (!index.any[static_cast<size_t>(s.step)][static_cast<size_t>(s.fn)]) continue;
        for (const Rule& r : RULES) {
            if (r.root != s.step || (!r.any_fn && r.fn != s.fn) || !kinds_match(r.kinds, s.compute)) continue;
            if (r.apply(c, s)) {
                applied.push_back(r.name);
                break;
            }
        }
    }
}

bool guards_hold(const std::vector<Guard>& guards, const std::vector<value::Value>& inputs) {
    for (const Guard& g : guards) {
        const value::Value& x = inputs[static_cast<size_t>(-g.input - 1)];
        if (!x.is_number() || x.as_f64() != g.value) return false;
    }
    return true;
}

} // namespace bpl::program
