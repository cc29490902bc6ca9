// Elements as records (§22), shared by •xml, •svg, •mime and •plot (records' fields: fields_of in names.h).
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
// v as an XML tree when it is an element record ["tag":… "attrs":… "children":…].
std::optional<graphics::Xml> element_xml(const Value& v);

} // namespace bpl::session
