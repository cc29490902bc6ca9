// The primitive table and dispatch: the one entry every primitive call goes through.
#include "prim/prim.h"

#include "base/error.h"
#include "base/utf8.h"
#include "prim/keys.h"
#include "prim/rows.h"
#include "prim/scalar.h"

#include <array>
#include <string>

namespace bpl::prim {

namespace {

// The table's Fn column names math::Fn members; NoFn is "no scalar meaning".
namespace fns {
using enum math::Fn;
constexpr std::optional<math::Fn> NoFn{};
} // namespace fns

constexpr PrimInfo ROWS[] = {
#define PRIM(name, glyph, mfn, dfn)                                                                \
    {#name, glyph, std::optional<math::Fn>(fns::mfn), std::optional<math::Fn>(fns::dfn)},
#include "prim/table.inc"
#undef PRIM
};
constexpr size_t ROW_COUNT = sizeof(ROWS) / sizeof(ROWS[0]);

// Host rules indexed by row, built once from the rule list.
struct Rules {
    std::array<Monad, ROW_COUNT> monad{};
    std::array<Dyad, ROW_COUNT> dyad{};
    Rules() {
        for (const auto* list : {&structural_rules(), &search_rules(), &numeric_rules(),
                                 &draw_rules(), &prime_rules(), &key_rules()}) {
            for (const Rule& r : *list) {
                if (r.monad) monad[static_cast<size_t>(r.prim)] = r.monad;
                if (r.dyad) dyad[static_cast<size_t>(r.prim)] = r.dyad;
            }
        }
    }
};
Rules& rules() {
    static Rules r;
    return r;
}

[[noreturn]] void no_meaning(Prim p, const char* valence) {
    std::string glyph;
    base::append_utf8(glyph, info(p).glyph);
    throw base::Error(base::ErrorKind::Nonce, glyph + " has no " + valence + " form yet");
}

} // namespace

void register_rule(Rule rule) {
    rules().monad[static_cast<size_t>(rule.prim)] = rule.monad;
    rules().dyad[static_cast<size_t>(rule.prim)] = rule.dyad;
}

const PrimInfo& info(Prim p) { return ROWS[static_cast<size_t>(p)]; }

std::optional<Prim> of_glyph(char32_t glyph) {
    for (size_t i = 0; i < ROW_COUNT; i++)
        if (ROWS[i].glyph == glyph) return static_cast<Prim>(i);
    return std::nullopt;
}

Value call(Prim p, const Value& omega) {
    if (omega.is_none()) throw base::Error(base::ErrorKind::Value, "no result to use as an argument");
    if (info(p).monadic_fn) return pervade(p, omega);
    Monad m = rules().monad[static_cast<size_t>(p)];
    if (!m) no_meaning(p, "monadic");
    return labelled_result(p, nullptr, omega, m(omega));
}

Value call(Prim p, const Value& alpha, const Value& omega) {
    if (alpha.is_none() || omega.is_none())
        throw base::Error(base::ErrorKind::Value, "no result to use as an argument");
    if (info(p).dyadic_fn) return pervade(p, alpha, omega);
    Dyad d = rules().dyad[static_cast<size_t>(p)];
    if (!d) no_meaning(p, "dyadic");
    Value a = alpha, w = omega;
    aligned_for_row(p, a, w); // rows joining along an axis: the other axes by key first
    return labelled_result(p, &a, w, d(a, w));
}

namespace {
thread_local int prototype_calls = 0; // nesting depth of PrototypeCall
} // namespace

PrototypeCall::PrototypeCall() noexcept { ++prototype_calls; }
PrototypeCall::~PrototypeCall() { --prototype_calls; }
bool PrototypeCall::active() noexcept { return prototype_calls > 0; }

} // namespace bpl::prim
