// Plots as the SVG renderer sees them: marks, series and settings already read from a plot spec
// (session/ reads the spec; this folder draws it). One Plot or a Figure of several.
#pragma once

#include "graphics/xml.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bpl::graphics {

struct Axis {
    std::string label;
    std::string scale = "linear"; // "linear" or "log"
    std::optional<double> min, max;
};

struct Series {
    std::string name;
    std::vector<double> y;
    std::vector<double> x;   // empty: positions 0 1 2 … (or the plot's categories)
    std::string color;       // empty: the palette's next colour
    std::optional<double> size; // point radius, line width
};

struct Plot {
    std::string mark = "line"; // "line" "point" "bar" "cell"
    std::string title;
    double width = 640, height = 400;
    Axis x, y;
    std::vector<std::string> categories; // x labels (keys of the data)
    std::vector<Series> series;
    std::string legend;     // "" (shown when there are named series), "none", "end", "top", "right"
    bool grid = false, axes = true, flip = false;
    std::vector<std::string> palette; // empty: the default palette
    double size = 0;        // 0: the mark's default
    bool labels = false;    // value labels on the marks
    // mark "cell": a matrix of values shaded through the palette, and whether to draw its scale
    int64_t rows = 0, cols = 0;
    std::vector<double> cells;
    std::vector<std::string> row_labels, col_labels;
    bool colorbar = true;
    std::string color; // one colour for every series
};

struct Figure {
    std::vector<Plot> plots;
    int64_t rows = 1, cols = 1;
    std::vector<double> widths, heights; // relative sizes of columns and rows; empty: equal
    std::string share;                   // "x", "y", "both" or "": shared axis ranges
    std::string title;
};

// The SVG element of a plot (its own width × height) or a figure (plots laid out in a grid).
// Values that cannot be drawn (a log scale over non-positive values) are DOMAIN.
Xml render_svg(const Plot& p);
Xml render_svg(const Figure& f);

} // namespace bpl::graphics
