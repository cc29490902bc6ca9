// •nc •nl •src •ex (operators-and-system.md §19.3): the running scope's names, as the running
// statement sees them (its frame's scope chain: the nearest binding of a name decides).
#pragma once

#include "value/value.h"

namespace bpl::session {

// `•nc names`: per name (a string; arrays of them map at any depth) ¯1 invalid, 0 undefined,
// 2 value, 3 function, 4 operator.
value::Value name_class(const value::Value& names);
// `•nl classes`, `prefix •nl classes`: the visible names of those classes (2 3 4), sorted.
value::Value name_list(const value::Value& classes);
value::Value name_list_prefixed(const value::Value& prefix, const value::Value& classes);
// `•src names`: a function's or operator's text; VALUE for an undefined name, DOMAIN for a value.
value::Value name_source(const value::Value& names);
// `•ex names`: erases each name's nearest binding: 1, or 0 for an invalid or protected name.
value::Value name_erase(const value::Value& names);

} // namespace bpl::session
