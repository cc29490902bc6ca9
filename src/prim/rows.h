// Host rules of non-scalar rows: a monadic and a dyadic handler per primitive, as data.
#pragma once

#include "prim/prim.h"

#include <vector>

namespace bpl::prim {

using Monad = Value (*)(const Value& omega);
using Dyad = Value (*)(const Value& alpha, const Value& omega);

struct Rule {
    Prim prim;
    Monad monad; // nullptr: no monadic meaning yet
    Dyad dyad;   // nullptr: no dyadic meaning yet
};

// The structural rows' rules (structural.cpp).
const std::vector<Rule>& structural_rules();

// The search and sort rows' rules (search.cpp); they fill the valences structural rows leave.
const std::vector<Rule>& search_rules();

// Prime and factor rows (primes.cpp): Call nodes over math's number theory.
const std::vector<Rule>& prime_rules();
// ⍭⁻Y: how many primes are below each item of Y (the inverse table's entry for ⍭).
Value prime_count(const Value& omega);

// Numeric semantic forms (numeric.cpp): rows that expand to other rows' calls.
const std::vector<Rule>& numeric_rules();
// ⌻⁻C: any polynomial form of C as its coefficient vector (the inverse table's entry for ⌻).
Value polynomial_coefficients(const Value& c);

// K○Y with each code's function (0…8) taken from `codes`: ○'s own table and the real forms'
// (marks.cpp) share this one assembly (numeric.cpp). An array of codes pairs with Y item by item.
Value circle_by(const math::Fn (&codes)[9], const Value& alpha, const Value& omega);

// Roll and deal (draw.cpp): Draw nodes over math's random streams.
const std::vector<Rule>& draw_rules();

// The key row `:` (keys.cpp).
const std::vector<Rule>& key_rules();

// Registers the rules of a row whose meaning lives in a higher layer (⍕ and ⍎ need the
// language). Call once at start-up, before any call of that row; replaces earlier rules.
void register_rule(Rule rule);

} // namespace bpl::prim
