// Renderers attached to values for display (§22): what •image, •element, •plot and •canvas give
// their results, what •mime reads. Shared by the system names and the CLI's saving of a shown
// picture or plot.
#pragma once

#include "session/images.h"
#include "value/value.h"

#include <string>

namespace bpl::session {

using value::Value;

// v (an array) with a renderer that shows it as a PNG picture (animated with o's fps/delay).
Value as_picture(const Value& v, const ImageOptions& o);
// v with the renderer of an element record: HTML, or SVG for an `svg` element.
Value as_element(const Value& v);
// v with the plot renderer (an SVG of the spec as it is when shown).
Value as_plot(const Value& v);
// Whether v carries the plot renderer (a plot spec, e.g. an item of a figure).
bool is_plot(const Value& v);
// The SVG text of a plot spec or an array of them (plots.cpp); errors as §22 lists.
std::string plot_svg(const Value& spec);

} // namespace bpl::session
