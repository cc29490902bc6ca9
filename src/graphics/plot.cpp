// The SVG renderer of plots: scales and ticks, axes, grid, marks (line, point, bar, cell),
// legend, colour bar, and figures laid out on a grid. Output is an Xml tree (xml.h writes it).
#include "graphics/plot.h"

#include "base/error.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace bpl::graphics {

using base::Error;
using base::ErrorKind;

namespace {

using Attrs = std::vector<std::pair<std::string, std::string>>;

const std::vector<std::string> DEFAULT_PALETTE = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
                                                  "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
// The cell mark's default ramp (low to high).
const std::vector<std::string> DEFAULT_RAMP = {"#440154", "#3b528b", "#21918c", "#5ec962", "#fde725"};

std::string num(double v) {
    if (std::abs(v) < 1e-12) v = 0;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

// A coordinate: at most two decimals.
std::string px(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    std::string s = buf;
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    return s == "-0" ? "0" : s;
}

Xml el(std::string tag, Attrs attrs, std::vector<Xml> children = {}) {
    return Xml::element(std::move(tag), std::move(attrs), std::move(children));
}

Xml label(double x, double y, const std::string& text, const std::string& anchor, double size = 11) {
    return el("text", {{"x", px(x)}, {"y", px(y)}, {"text-anchor", anchor}, {"font-size", px(size)}, {"stroke", "none"}},
              {Xml::text_node(text)});
}

int hex_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : (std::tolower(c) - 'a' + 10); }

// A colour t of the way along a ramp of #rrggbb stops (other colour names: the nearest stop).
std::string ramp_at(const std::vector<std::string>& ramp, double t) {
    if (!(t >= 0)) t = 0;
    if (t > 1) t = 1;
    if (ramp.size() == 1) return ramp[0];
    double at = t * static_cast<double>(ramp.size() - 1);
    size_t i = std::min(static_cast<size_t>(at), ramp.size() - 2);
    const std::string &a = ramp[i], &b = ramp[i + 1];
    auto rgb = [](const std::string& c) { return c.size() == 7 && c[0] == '#'; };
    if (!rgb(a) || !rgb(b)) return at - static_cast<double>(i) < 0.5 ? a : b;
    double f = at - static_cast<double>(i);
    char out[8];
    int comps[3];
    for (int k = 0; k < 3; k++) {
        int ca = hex_digit(a[1 + 2 * k]) * 16 + hex_digit(a[2 + 2 * k]);
        int cb = hex_digit(b[1 + 2 * k]) * 16 + hex_digit(b[2 + 2 * k]);
        comps[k] = static_cast<int>(std::lround(ca + (cb - ca) * f));
    }
    std::snprintf(out, sizeof out, "#%02x%02x%02x", comps[0], comps[1], comps[2]);
    return out;
}

// A linear or log scale from data values to [0, 1].
struct Scale {
    double lo = 0, hi = 1;
    bool log = false;
    double to_unit(double v) const {
        double t = log ? std::log10(v) : v;
        return hi == lo ? 0.5 : (t - lo) / (hi - lo);
    }
};

Scale make_scale(const Axis& a, double lo, double hi, bool pad) {
    Scale s;
    s.log = a.scale == "log";
    if (a.scale != "linear" && a.scale != "log") throw Error(ErrorKind::Domain, "•plot: a scale is \"linear\" or \"log\"");
    if (a.min) lo = *a.min;
    if (a.max) hi = *a.max;
    if (!(lo <= hi)) lo = 0, hi = 1;
    if (s.log) {
        if (!(lo > 0)) throw Error(ErrorKind::Domain, "•plot: a log scale needs positive values");
        lo = std::log10(lo), hi = std::log10(hi);
    }
    if (lo == hi) lo -= 0.5, hi += 0.5;
    if (pad && !a.min && !a.max) {
        double m = (hi - lo) * 0.04;
        lo -= m, hi += m;
    }
    s.lo = lo, s.hi = hi;
    return s;
}

// About five round tick values inside the scale (powers of ten on a log scale).
std::vector<double> ticks(const Scale& s) {
    std::vector<double> out;
    if (s.log) {
        for (double e = std::ceil(s.lo - 1e-9); e <= s.hi + 1e-9; e++) out.push_back(std::pow(10, e));
        if (!out.empty()) return out;
    }
    double span = s.hi - s.lo, raw = span / 5, mag = std::pow(10, std::floor(std::log10(raw)));
    double step = mag;
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (raw <= m * mag) {
            step = m * mag;
            break;
        }
    for (double v = std::ceil(s.lo / step) * step; v <= s.hi + step * 1e-9; v += step)
        out.push_back(s.log ? std::pow(10, v) : v);
    return out;
}

struct Box {
    double left, top, width, height;
};

class Renderer {
  public:
    explicit Renderer(const Plot& p) : p_(p), palette_(p.palette.empty() ? DEFAULT_PALETTE : p.palette) {}

    Xml svg() {
        double legend_w = wants_legend() && p_.legend != "top" ? 110 : 0;
        double top = 12 + (p_.title.empty() ? 0 : 22) + (wants_legend() && p_.legend == "top" ? 20 : 0);
        double right = 16 + legend_w + (p_.mark == "cell" && p_.colorbar ? 60 : 0);
        double left = p_.axes ? 56 : 12, bottom = p_.axes ? 40 : 12;
        box_ = {left, top, p_.width - left - right, p_.height - top - bottom};
        if (box_.width < 10 || box_.height < 10) throw Error(ErrorKind::Domain, "•plot: width and height too small");
        std::vector<Xml> body;
        body.push_back(el("rect", {{"width", "100%"}, {"height", "100%"}, {"fill", "white"}}));
        if (!p_.title.empty()) body.push_back(label(p_.width / 2, 22, p_.title, "middle", 14));
        if (p_.mark == "cell") cells(body);
        else xy(body);
        if (wants_legend()) legend(body);
        return el("svg",
                  {{"xmlns", "http://www.w3.org/2000/svg"},
                   {"width", px(p_.width)},
                   {"height", px(p_.height)},
                   {"viewBox", "0 0 " + px(p_.width) + " " + px(p_.height)},
                   {"font-family", "sans-serif"}},
                  std::move(body));
    }

  private:
    const Plot& p_;
    std::vector<std::string> palette_;
    Box box_{};

    bool wants_legend() const {
        if (p_.legend == "none" || p_.mark == "cell") return false;
        if (!p_.legend.empty()) return true;
        return std::any_of(p_.series.begin(), p_.series.end(), [](const Series& s) { return !s.name.empty(); }) &&
               p_.series.size() > 1;
    }
    std::string color_of(size_t i) const {
        const Series& s = p_.series[i];
        if (!s.color.empty()) return s.color;
        if (!p_.color.empty()) return p_.color;
        return palette_[i % palette_.size()];
    }
    // A data point in the plot box: u along the x axis, v along y, both in [0, 1]; flip swaps them.
    std::pair<double, double> at(double u, double v) const {
        if (p_.flip) std::swap(u, v);
        return {box_.left + u * box_.width, box_.top + (1 - v) * box_.height};
    }
    double x_of(const Series& s, size_t j) const { return s.x.empty() ? static_cast<double>(j) : s.x[j]; }

    void xy(std::vector<Xml>& body) {
        bool bar = p_.mark == "bar";
        double xlo = std::numeric_limits<double>::infinity(), xhi = -xlo, ylo = xlo, yhi = -xlo;
        size_t longest = 0;
        for (const Series& s : p_.series) {
            if (!s.x.empty() && s.x.size() != s.y.size()) throw Error(ErrorKind::Length, "•plot: x and y lengths differ");
            longest = std::max(longest, s.y.size());
            for (size_t j = 0; j < s.y.size(); j++) {
                if (!std::isfinite(s.y[j])) continue;
                xlo = std::min(xlo, x_of(s, j)), xhi = std::max(xhi, x_of(s, j));
                ylo = std::min(ylo, s.y[j]), yhi = std::max(yhi, s.y[j]);
            }
        }
        if (!p_.categories.empty() && p_.categories.size() != longest)
            throw Error(ErrorKind::Length, "•plot: one label for each x position");
        if (!(xlo <= xhi)) xlo = 0, xhi = 1, ylo = 0, yhi = 1;
        if (bar && p_.y.scale != "log") ylo = std::min(ylo, 0.0), yhi = std::max(yhi, 0.0);
        if (bar || !p_.categories.empty()) xlo -= 0.5, xhi += 0.5; // a slot per position
        Scale xs = make_scale(p_.x, xlo, xhi, !(bar || !p_.categories.empty()));
        Scale ys = make_scale(p_.y, ylo, yhi, true);
        if (p_.axes || p_.grid) axes(body, xs, ys);
        size_t n = p_.series.size();
        for (size_t i = 0; i < n; i++) {
            const Series& s = p_.series[i];
            std::string c = color_of(i);
            std::vector<Xml> marks;
            if (p_.mark == "line") {
                std::string pts;
                for (size_t j = 0; j < s.y.size(); j++) {
                    if (!std::isfinite(s.y[j])) continue;
                    auto [x, y] = at(xs.to_unit(x_of(s, j)), ys.to_unit(s.y[j]));
                    pts += (pts.empty() ? "" : " ") + px(x) + "," + px(y);
                }
                double w = s.size ? *s.size : (p_.size > 0 ? p_.size : 2);
                marks.push_back(el("polyline", {{"points", pts}, {"fill", "none"}, {"stroke", c},
                                                {"stroke-width", px(w)}, {"stroke-linejoin", "round"}}));
            } else if (p_.mark == "point") {
                double r = s.size ? *s.size : (p_.size > 0 ? p_.size : 3.5);
                for (size_t j = 0; j < s.y.size(); j++) {
                    if (!std::isfinite(s.y[j])) continue;
                    auto [x, y] = at(xs.to_unit(x_of(s, j)), ys.to_unit(s.y[j]));
                    marks.push_back(el("circle", {{"cx", px(x)}, {"cy", px(y)}, {"r", px(r)}, {"fill", c}}));
                }
            } else if (bar) {
                double slot = xs.to_unit(1) - xs.to_unit(0), width = slot * 0.8 / static_cast<double>(n);
                // bars stand on 0 (the bottom on a log scale), clipped to the plot box
                auto clip = [](double t) { return std::min(1.0, std::max(0.0, t)); };
                double base = clip(ys.to_unit(ys.log ? std::pow(10, ys.lo) : 0.0));
                for (size_t j = 0; j < s.y.size(); j++) {
                    if (!std::isfinite(s.y[j])) continue;
                    double u0 = xs.to_unit(x_of(s, j)) - slot * 0.4 + width * static_cast<double>(i);
                    double v = clip(ys.to_unit(s.y[j]));
                    auto [x0, y0] = at(u0, std::max(v, base));
                    auto [x1, y1] = at(u0 + width, std::min(v, base));
                    marks.push_back(el("rect", {{"x", px(std::min(x0, x1))}, {"y", px(std::min(y0, y1))},
                                                {"width", px(std::abs(x1 - x0))}, {"height", px(std::abs(y1 - y0))},
                                                {"fill", c}}));
                }
            } else {
                throw Error(ErrorKind::Domain, "•plot: a mark is \"line\", \"point\", \"bar\" or \"cell\"");
            }
            if (p_.labels)
                for (size_t j = 0; j < s.y.size(); j++) {
                    if (!std::isfinite(s.y[j])) continue;
                    auto [x, y] = at(xs.to_unit(x_of(s, j)), ys.to_unit(s.y[j]));
                    marks.push_back(label(x, y - 6, num(s.y[j]), "middle", 10));
                }
            Attrs g = {{"class", "series"}};
            if (!s.name.empty()) g.emplace_back("data-name", s.name);
            body.push_back(el("g", std::move(g), std::move(marks)));
        }
    }

    void axes(std::vector<Xml>& body, const Scale& xs, const Scale& ys) {
        std::vector<Xml> grid, ax;
        const Scale& hs = p_.flip ? ys : xs; // the horizontal axis's scale
        const Scale& vs = p_.flip ? xs : ys;
        bool categorical_h = !p_.flip && !p_.categories.empty(), categorical_v = p_.flip && !p_.categories.empty();
        auto positions = [&](const Scale& s, bool categorical) {
            std::vector<std::pair<double, std::string>> out;
            if (categorical) {
                for (size_t j = 0; j < p_.categories.size(); j++) out.emplace_back(s.to_unit(static_cast<double>(j)), p_.categories[j]);
            } else {
                for (double t : ticks(s)) out.emplace_back(s.to_unit(t), num(t));
            }
            return out;
        };
        double bottom = box_.top + box_.height, right = box_.left + box_.width;
        for (auto& [u, text] : positions(hs, categorical_h)) {
            double x = box_.left + u * box_.width;
            if (p_.grid) grid.push_back(el("line", {{"x1", px(x)}, {"y1", px(box_.top)}, {"x2", px(x)}, {"y2", px(bottom)}}));
            if (p_.axes) {
                ax.push_back(el("line", {{"x1", px(x)}, {"y1", px(bottom)}, {"x2", px(x)}, {"y2", px(bottom + 4)}}));
                ax.push_back(label(x, bottom + 16, text, "middle"));
            }
        }
        for (auto& [v, text] : positions(vs, categorical_v)) {
            double y = box_.top + (1 - v) * box_.height;
            if (p_.grid) grid.push_back(el("line", {{"x1", px(box_.left)}, {"y1", px(y)}, {"x2", px(right)}, {"y2", px(y)}}));
            if (p_.axes) {
                ax.push_back(el("line", {{"x1", px(box_.left - 4)}, {"y1", px(y)}, {"x2", px(box_.left)}, {"y2", px(y)}}));
                ax.push_back(label(box_.left - 7, y + 4, text, "end"));
            }
        }
        if (p_.grid) body.push_back(el("g", {{"class", "grid"}, {"stroke", "#e5e5e5"}}, std::move(grid)));
        if (!p_.axes) return;
        ax.push_back(el("line", {{"x1", px(box_.left)}, {"y1", px(bottom)}, {"x2", px(right)}, {"y2", px(bottom)}}));
        ax.push_back(el("line", {{"x1", px(box_.left)}, {"y1", px(box_.top)}, {"x2", px(box_.left)}, {"y2", px(bottom)}}));
        const std::string& hl = p_.flip ? p_.y.label : p_.x.label;
        const std::string& vl = p_.flip ? p_.x.label : p_.y.label;
        if (!hl.empty()) ax.push_back(label(box_.left + box_.width / 2, bottom + 34, hl, "middle", 12));
        if (!vl.empty()) {
            Xml t = label(14, box_.top + box_.height / 2, vl, "middle", 12);
            t.attrs.emplace_back("transform", "rotate(-90 14 " + px(box_.top + box_.height / 2) + ")");
            ax.push_back(std::move(t));
        }
        body.push_back(el("g", {{"class", "axes"}, {"stroke", "#333"}, {"fill", "#333"}, {"stroke-width", "1"}}, std::move(ax)));
    }

    void cells(std::vector<Xml>& body) {
        if (p_.rows * p_.cols != static_cast<int64_t>(p_.cells.size()) || p_.rows < 1 || p_.cols < 1)
            throw Error(ErrorKind::Rank, "•plot: the cell mark draws a matrix");
        double lo = std::numeric_limits<double>::infinity(), hi = -lo;
        for (double v : p_.cells)
            if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
        if (!(lo <= hi)) lo = 0, hi = 1;
        const std::vector<std::string>& ramp = p_.palette.empty() ? DEFAULT_RAMP : p_.palette;
        double cw = box_.width / static_cast<double>(p_.cols), ch = box_.height / static_cast<double>(p_.rows);
        std::vector<Xml> rects;
        for (int64_t r = 0; r < p_.rows; r++)
            for (int64_t c = 0; c < p_.cols; c++) {
                double v = p_.cells[static_cast<size_t>(r * p_.cols + c)];
                double t = hi == lo ? 0.5 : (v - lo) / (hi - lo);
                rects.push_back(el("rect", {{"x", px(box_.left + static_cast<double>(c) * cw)},
                                            {"y", px(box_.top + static_cast<double>(r) * ch)},
                                            {"width", px(cw)}, {"height", px(ch)},
                                            {"fill", std::isfinite(v) ? ramp_at(ramp, t) : "#ffffff"}}));
                if (p_.labels)
                    rects.push_back(label(box_.left + (static_cast<double>(c) + 0.5) * cw,
                                          box_.top + (static_cast<double>(r) + 0.5) * ch + 4, num(v), "middle", 10));
            }
        body.push_back(el("g", {{"class", "cells"}}, std::move(rects)));
        if (p_.axes) {
            std::vector<Xml> ax;
            for (size_t c = 0; c < p_.col_labels.size(); c++)
                ax.push_back(label(box_.left + (static_cast<double>(c) + 0.5) * cw, box_.top + box_.height + 16, p_.col_labels[c], "middle"));
            for (size_t r = 0; r < p_.row_labels.size(); r++)
                ax.push_back(label(box_.left - 7, box_.top + (static_cast<double>(r) + 0.5) * ch + 4, p_.row_labels[r], "end"));
            body.push_back(el("g", {{"class", "axes"}, {"fill", "#333"}}, std::move(ax)));
        }
        if (!p_.colorbar) return;
        double x = box_.left + box_.width + 16;
        std::vector<Xml> stops;
        for (size_t i = 0; i < ramp.size(); i++)
            stops.push_back(el("stop", {{"offset", px(100.0 * static_cast<double>(i) / std::max<double>(1, static_cast<double>(ramp.size() - 1))) + "%"},
                                        {"stop-color", ramp[ramp.size() - 1 - i]}}));
        body.push_back(el("defs", {}, {el("linearGradient", {{"id", "colorbar"}, {"x1", "0"}, {"y1", "0"}, {"x2", "0"}, {"y2", "1"}}, std::move(stops))}));
        body.push_back(el("g", {{"class", "colorbar"}},
                          {el("rect", {{"x", px(x)}, {"y", px(box_.top)}, {"width", "14"}, {"height", px(box_.height)}, {"fill", "url(#colorbar)"}}),
                           label(x + 18, box_.top + 10, num(hi), "start", 10),
                           label(x + 18, box_.top + box_.height, num(lo), "start", 10)}));
    }

    void legend(std::vector<Xml>& body) {
        std::vector<Xml> items;
        bool top = p_.legend == "top";
        double x = top ? box_.left : box_.left + box_.width + 14, y = top ? box_.top - 12 : box_.top + 8;
        for (size_t i = 0; i < p_.series.size(); i++) {
            const std::string& name = p_.series[i].name.empty() ? std::to_string(i) : p_.series[i].name;
            items.push_back(el("rect", {{"x", px(x)}, {"y", px(y - 8)}, {"width", "10"}, {"height", "10"}, {"fill", color_of(i)}}));
            items.push_back(label(x + 14, y + 1, name, "start"));
            if (top) x += 24 + 7.0 * static_cast<double>(name.size());
            else y += 18;
        }
        body.push_back(el("g", {{"class", "legend"}}, std::move(items)));
    }
};

} // namespace

Xml render_svg(const Plot& p) { return Renderer(p).svg(); }

Xml render_svg(const Figure& f) {
    if (f.rows < 1 || f.cols < 1 || static_cast<int64_t>(f.plots.size()) > f.rows * f.cols)
        throw Error(ErrorKind::Length, "•plot: a figure's grid holds its plots");
    auto fractions = [](const std::vector<double>& given, int64_t n) {
        std::vector<double> w = given.empty() ? std::vector<double>(static_cast<size_t>(n), 1.0) : given;
        if (static_cast<int64_t>(w.size()) != n) throw Error(ErrorKind::Length, "•plot: one width per column, one height per row");
        double total = 0;
        for (double v : w) {
            if (!(v > 0)) throw Error(ErrorKind::Domain, "•plot: widths and heights are positive");
            total += v;
        }
        for (double& v : w) v /= total;
        return w;
    };
    std::vector<double> ws = fractions(f.widths, f.cols), hs = fractions(f.heights, f.rows);
    std::vector<Plot> plots = f.plots;
    // shared axes: every plot's range is the union of all
    auto share = [&](bool x_axis) {
        double lo = std::numeric_limits<double>::infinity(), hi = -lo;
        for (const Plot& p : plots)
            for (const Series& s : p.series)
                for (size_t j = 0; j < s.y.size(); j++) {
                    double v = x_axis ? (s.x.empty() ? static_cast<double>(j) : s.x[j]) : s.y[j];
                    if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
                }
        if (!(lo <= hi)) return;
        if (!x_axis && std::any_of(plots.begin(), plots.end(), [](const Plot& p) { return p.mark == "bar" && p.y.scale != "log"; }))
            lo = std::min(lo, 0.0), hi = std::max(hi, 0.0); // bars stand on 0
        for (Plot& p : plots) {
            Axis& a = x_axis ? p.x : p.y;
            if (!a.min) a.min = lo;
            if (!a.max) a.max = hi;
        }
    };
    if (f.share == "x" || f.share == "both") share(true);
    if (f.share == "y" || f.share == "both") share(false);
    if (!f.share.empty() && f.share != "x" && f.share != "y" && f.share != "both")
        throw Error(ErrorKind::Domain, "•plot: share is \"x\", \"y\" or \"both\"");
    double cell_w = 0, cell_h = 0;
    for (const Plot& p : plots) cell_w = std::max(cell_w, p.width), cell_h = std::max(cell_h, p.height);
    double width = cell_w * static_cast<double>(f.cols), top = f.title.empty() ? 0 : 28;
    double height = cell_h * static_cast<double>(f.rows) + top;
    std::vector<Xml> body;
    body.push_back(el("rect", {{"width", "100%"}, {"height", "100%"}, {"fill", "white"}}));
    if (!f.title.empty()) body.push_back(label(width / 2, 20, f.title, "middle", 15));
    double y = top;
    for (int64_t r = 0; r < f.rows; r++) {
        double x = 0, h = hs[static_cast<size_t>(r)] * (height - top);
        for (int64_t c = 0; c < f.cols; c++) {
            double w = ws[static_cast<size_t>(c)] * width;
            size_t i = static_cast<size_t>(r * f.cols + c);
            if (i < plots.size()) {
                plots[i].width = w, plots[i].height = h;
                Xml sub = render_svg(plots[i]);
                sub.attrs.erase(std::remove_if(sub.attrs.begin(), sub.attrs.end(), [](const auto& a) { return a.first == "xmlns"; }),
                                sub.attrs.end());
                sub.attrs.insert(sub.attrs.begin(), {{"x", px(x)}, {"y", px(y)}});
                body.push_back(std::move(sub));
            }
            x += w;
        }
        y += h;
    }
    return el("svg",
              {{"xmlns", "http://www.w3.org/2000/svg"}, {"width", px(width)}, {"height", px(height)},
               {"viewBox", "0 0 " + px(width) + " " + px(height)}, {"font-family", "sans-serif"}},
              std::move(body));
}

} // namespace bpl::graphics
