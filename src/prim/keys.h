// Keys in the selection rows: a key selector read as a position (prim/keys.cpp, which also holds
// the `:` row's rules).
#pragma once

#include "value/value.h"

#include <optional>
#include <string>
#include <vector>

namespace bpl::prim {

using value::Value;

// The key a value spells: a string (character vector), a character, or either enclosed; nullopt
// for anything else (a number, a nested vector).
std::optional<std::string> key_text(const Value& k);
// The position of key `sel` on axis `axis` of w; nullopt when sel is not a key. INDEX ERROR
// when w has no such key there.
std::optional<int64_t> key_position(const Value& sel, const Value& w, int64_t axis);
// A selector of one key or position per leading axis with at least one key (`"bob"`, `"bob" 0`)
// as positions; nullopt when it holds no key.
std::optional<std::vector<int64_t>> key_positions(const Value& sel, const Value& w);

} // namespace bpl::prim
