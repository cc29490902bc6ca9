// Elements as records and the records' fields (§22), shared by •xml, •svg, •mime and •plot.
#pragma once

#include "graphics/xml.h"
#include "value/value.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace bpl::session {

using value::Value;

// Whether v is a record (a keyed vector).
bool is_record(const Value& v);
// The (key, value) pairs of a record; anything else (or an item without a key) is DOMAIN. An
// empty vector is the empty record.
std::vector<std::pair<std::string, Value>> fields_of(const Value& v, const char* what);
// v as an XML tree when it is an element record ["tag":… "attrs":… "children":…].
std::optional<graphics::Xml> element_xml(const Value& v);

} // namespace bpl::session
