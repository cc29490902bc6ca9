// System names (`•name`): the executor's view of them. The table lives in session/ (above lang),
// which registers its lookup here at start-up; lang only asks for a name's value.
#pragma once

#include "value/value.h"

#include <string>

namespace bpl::lang {

// The value of the system name `name` (lower case, without the bullet), or throws.
using SystemLookup = value::Value (*)(const std::string& name);

// Installs the lookup (session::install does this); the last one installed wins.
void register_system_names(SystemLookup lookup);

// Whether a lookup is installed (without one, no name is known to be missing).
bool system_names_registered();
// The value of `•name` through the registered lookup. Throws UNSUPPORTED when there is no
// lookup or the table lacks the name.
value::Value system_function(const std::string& name);

} // namespace bpl::lang
