// Random group (operators-and-system.md §20): •rand generators (records of roll and deal
// sharing one sequential stream) and •distribution (records of sample, density, cdf and
// quantile), over prim's draws and distribution evaluation (graph nodes); the families' facts
// live in math/distribution.
#include "session/names.h"

#include "base/error.h"
#include "lang/cells.h"
#include "lang/function.h"
#include "math/distribution.h"
#include "math/random.h"
#include "math/search.h"
#include "number/exact.h"
#include "prim/random.h"
#include "value/array.h"

#include <cmath>

namespace bpl::session {

using base::Error;
using base::ErrorKind;

namespace {

// The state a generator's functions share: copies of the record share it, so drawing from one
// advances all.
class GeneratorState final : public base::RefCounted {
  public:
    explicit GeneratorState(uint64_t seed) : seed(seed), g(math::Generator::sequential(seed)) {}
    uint64_t seed;
    math::Generator g;
};

// `roll Y` or `X deal Y` drawing from a generator.
class GeneratorFn final : public lang::Fn {
  public:
    GeneratorFn(base::Ref<GeneratorState> s, bool deal) : s_(std::move(s)), deal_(deal) {}
    std::string source() const override {
        return "(•rand " + std::to_string(s_->seed) + ")." + (deal_ ? "deal" : "roll");
    }
    bool same(const value::Function& o) const override {
        auto* f = dynamic_cast<const GeneratorFn*>(&o);
        return f && f->s_.get() == s_.get() && f->deal_ == deal_;
    }
    Value call(lang::Exec&, const Value* alpha, const Value& omega) const override {
        if (deal_ && !alpha) throw Error(ErrorKind::Syntax, source() + " needs a count on the left");
        if (!deal_ && alpha) throw Error(ErrorKind::Syntax, source() + " takes one argument");
        return deal_ ? prim::deal(*alpha, omega, s_->g) : prim::roll(omega, s_->g);
    }
    math::Generator& generator() const { return s_->g; }

  private:
    base::Ref<GeneratorState> s_;
    bool deal_;
};

// The generator a •rand record holds, or null when v is none.
math::Generator* generator_of(const Value& v) {
    if (v.is_function()) return nullptr;
    Value r = v.read();
    if (r.is_atom() || r.rank() != 1 || r.count() == 0 || !r.array_data().is_boxed()) return nullptr;
    const Value& first = r.array_data().boxed_items()[0];
    if (!first.is_function()) return nullptr;
    auto* f = dynamic_cast<const GeneratorFn*>(&lang::fn_of(first));
    return f ? &f->generator() : nullptr;
}

enum class Method : uint8_t { Sample, Density, Cdf, Quantile };

const char* method_name(Method m) {
    switch (m) {
    case Method::Sample: return "sample";
    case Method::Density: return "density";
    case Method::Cdf: return "cdf";
    default: return "quantile";
    }
}

math::Routine routine_of(Method m) {
    return m == Method::Density ? math::Routine::Density
           : m == Method::Cdf   ? math::Routine::Cdf
                                : math::Routine::Quantile;
}

// One of a distribution's four functions. `cdf⁻` is `quantile` and `quantile⁻` is `cdf`.
class DistributionFn final : public lang::Fn {
  public:
    DistributionFn(math::Distribution d, Method m) : d_(d), m_(m) {}
    std::string source() const override {
        const math::FamilyRow& row = math::family_row(d_.family);
        std::string params;
        for (int i = 0; i < row.params; i++) {
            char buf[32];
            std::snprintf(buf, sizeof buf, "%.17g ", d_.theta[i]);
            params += buf;
        }
        return "(" + params + "•distribution \"" + std::string(row.name) + "\")." + method_name(m_);
    }
    bool same(const value::Function& o) const override {
        auto* f = dynamic_cast<const DistributionFn*>(&o);
        return f && f->m_ == m_ && f->d_.family == d_.family && f->d_.theta[0] == d_.theta[0] &&
               f->d_.theta[1] == d_.theta[1];
    }
    Value call(lang::Exec&, const Value* alpha, const Value& omega) const override {
        if (m_ == Method::Sample) {
            if (!alpha) return prim::sample(d_, omega, math::session_generator());
            math::Generator* g = generator_of(*alpha);
            if (!g) throw Error(ErrorKind::Domain, source() + ": the left argument must be a generator (•rand)");
            return prim::sample(d_, omega, *g);
        }
        if (alpha) throw Error(ErrorKind::Syntax, source() + " takes one argument");
        return prim::evaluate(routine_of(m_), d_, omega);
    }
    Value inverse(lang::Exec& ex, const Value* alpha, const Value& omega) const override {
        if (alpha || (m_ != Method::Cdf && m_ != Method::Quantile)) return Fn::inverse(ex, alpha, omega);
        return prim::evaluate(m_ == Method::Cdf ? math::Routine::Quantile : math::Routine::Cdf, d_, omega);
    }

  private:
    math::Distribution d_;
    Method m_;
};

math::Family family_of(const Value& name) {
    if (!is_text(name)) throw Error(ErrorKind::Domain, "•distribution's name must be a string");
    std::string s = text_of(name, "•distribution's name");
    std::optional<math::Family> f = math::family_named(s);
    if (!f) throw Error(ErrorKind::Domain, "•distribution: no distribution is named \"" + s + "\"");
    return *f;
}

// 2⁵³: the binomial's trial count must be below it (a float64 holds every count up to it).
constexpr double MAX_TRIALS = 9007199254740992.0;

// The parameters of `params •distribution name`: one real number per parameter.
math::Distribution parameters(math::Family f, const Value& params) {
    const math::FamilyRow& row = math::family_row(f);
    if (params.is_function()) throw Error(ErrorKind::Domain, "•distribution's parameters must be numbers");
    Value r = params.read();
    if (r.rank() > 1) throw Error(ErrorKind::Rank, "•distribution's parameters must be a vector");
    std::vector<Value> items = lang::items_of(r);
    if (static_cast<int>(items.size()) != row.params)
        throw Error(ErrorKind::Length, "•distribution \"" + std::string(row.name) + "\" takes " +
                                           std::to_string(row.params) + " parameters");
    math::Distribution d{f};
    for (size_t i = 0; i < items.size(); i++) {
        const Value& x = items[i];
        if (!(x.is_number() || x.is_exact()))
            throw Error(ErrorKind::Domain, "•distribution's parameters must be real numbers");
        d.theta[i] = x.as_f64();
        if (f == math::Family::Binomial && i == 0) {
            // the trial count is checked before rounding: an exact 2⁵³+1 is too many, not 2⁵³
            bool too_many =
                x.is_exact() ? number::compare(x.exact(), *number::Exact::of(int64_t{1} << 53)) >= 0
                             : d.theta[0] >= MAX_TRIALS;
            if (too_many && std::isfinite(d.theta[0]))
                throw Error(ErrorKind::Limit, "•distribution: a binomial's n must be below 2⁵³");
        }
    }
    if (const char* why = math::invalid_parameters(d)) throw Error(ErrorKind::Domain, std::string("•distribution: ") + why);
    return d;
}

Value distribution_record(const math::Distribution& d) {
    auto fn = [&](Method m) { return function_value(new DistributionFn(d, m)); };
    return record({{"sample", fn(Method::Sample)},
                   {"density", fn(Method::Density)},
                   {"cdf", fn(Method::Cdf)},
                   {"quantile", fn(Method::Quantile)}});
}

} // namespace

Value rand_monad(const Value& omega) {
    if (omega.is_function()) throw Error(ErrorKind::Domain, "•rand's seed must be a nonnegative integer");
    Value r = omega.read();
    if (r.rank() > 1) throw Error(ErrorKind::Rank, "•rand takes one seed");
    if (r.count() != 1) throw Error(ErrorKind::Length, "•rand takes one seed");
    Value x = r.is_atom() ? r : lang::items_of(r)[0];
    uint64_t seed = 0;
    if (x.is_exact()) {
        std::optional<int64_t> i = x.exact().is_integer() ? x.exact().try_i64() : std::nullopt;
        if (!i || *i < 0) throw Error(ErrorKind::Domain, "•rand's seed must be a nonnegative integer");
        seed = static_cast<uint64_t>(*i);
    } else {
        double v = x.is_number() ? x.as_f64() : -1;
        if (!(v >= 0 && v == std::floor(v) && v < 0x1p64))
            throw Error(ErrorKind::Domain, "•rand's seed must be a nonnegative integer");
        seed = number::is_integer(x.kind()) ? static_cast<uint64_t>(x.as_i64()) : static_cast<uint64_t>(v);
    }
    base::Ref<GeneratorState> s(new GeneratorState(seed));
    return record({{"roll", function_value(new GeneratorFn(s, false))},
                   {"deal", function_value(new GeneratorFn(s, true))}});
}

Value distribution_monad(const Value& omega) {
    math::Family f = family_of(omega);
    const math::FamilyRow& row = math::family_row(f);
    if (!row.has_standard)
        throw Error(ErrorKind::Domain, "•distribution \"" + std::string(row.name) + "\" needs parameters");
    math::Distribution d{f, {row.standard[0], row.standard[1]}};
    return distribution_record(d);
}

Value distribution_dyad(const Value& alpha, const Value& omega) {
    return distribution_record(parameters(family_of(omega), alpha));
}

} // namespace bpl::session
