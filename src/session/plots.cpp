// •plot (operators-and-system.md §22): `X •plot Y` is a plot spec, the record of Y under "data"
// and the settings X gives (text: the mark), carrying the plot renderer; editing it edits the
// plot. Rendering reads the spec into graphics::Plot (settings checked here: unknown DOMAIN,
// lengths LENGTH, ranks RANK) and graphics/plot.cpp draws it.
#include "base/error.h"
#include "graphics/plot.h"
#include "lang/cells.h"
#include "lang/display.h"
#include "prim/factory.h"
#include "session/markup.h"
#include "session/mime.h"
#include "session/names.h"
#include "value/array.h"
#include "value/layout.h"

#include <cmath>

namespace bpl::session {

using base::Error;
using base::ErrorKind;
using graphics::Plot;
using number::Kind;

namespace {

[[noreturn]] void bad(ErrorKind k, const std::string& what) { throw Error(k, "•plot: " + what); }

double real_of(const Value& v, const char* what) {
    Value r = v.read();
    if (!r.is_number() || r.im() != 0) bad(ErrorKind::Domain, std::string(what) + " is a real number");
    return prim::convert_to(r, Kind::F64).read().as_f64();
}

bool truth_of(const Value& v, const char* what) {
    double d = real_of(v, what);
    if (d != 0 && d != 1) bad(ErrorKind::Domain, std::string(what) + " is $t or $f");
    return d == 1;
}

std::string string_of(const Value& v, const char* what) {
    if (!is_text(v)) bad(ErrorKind::Domain, std::string(what) + " is text");
    return text_of(v, what);
}

std::vector<double> reals_of(const Value& v) {
    Value r = v.read();
    std::vector<double> out;
    for (const Value& x : r.is_atom() ? std::vector<Value>{r} : lang::items_of(r)) {
        if (x.is_function() || x.rank() != 0 || x.is_char() || !x.is_number() || x.im() != 0)
            bad(ErrorKind::Domain, "data are real numbers");
        out.push_back(prim::convert_to(x, Kind::F64).read().as_f64());
    }
    return out;
}

std::vector<std::string> strings_of(const Value& v, const char* what) {
    if (is_text(v)) return {text_of(v, what)};
    std::vector<std::string> out;
    for (const Value& x : lang::items_of(v.read())) out.push_back(string_of(x, what));
    return out;
}

std::vector<std::string> labels_of(const std::vector<std::optional<std::string>>& keys) {
    std::vector<std::string> out;
    for (size_t i = 0; i < keys.size(); i++) out.push_back(keys[i] ? *keys[i] : std::to_string(i));
    return out;
}

void read_axis(graphics::Axis& a, const Value& v, const char* which) {
    for (auto& [k, x] : fields_of(v, which)) {
        if (k == "label") a.label = string_of(x, "an axis label");
        else if (k == "scale") a.scale = string_of(x, "scale");
        else if (k == "min") a.min = real_of(x, "min");
        else if (k == "max") a.max = real_of(x, "max");
        else bad(ErrorKind::Domain, "unknown axis setting \"" + k + "\" (label scale min max)");
    }
}

// The data into series (or the cell mark's matrix).
void read_data(Plot& p, const Value& data) {
    Value d = data.read();
    if (d.is_function()) bad(ErrorKind::Domain, "data are numbers");
    if (p.mark == "cell") {
        if (d.rank() != 2) bad(ErrorKind::Rank, "the cell mark draws a matrix");
        p.rows = d.shape()[0], p.cols = d.shape()[1];
        p.cells = reals_of(d);
        p.row_labels = labels_of(value::keys_of(d, 0));
        p.col_labels = labels_of(value::keys_of(d, 1));
        if (value::keys_of(d, 0).empty()) p.row_labels.clear();
        if (value::keys_of(d, 1).empty()) p.col_labels.clear();
        return;
    }
    if (d.rank() == 0) d = value::make_array({1}, {d});
    if (d.rank() == 1) {
        std::vector<std::optional<std::string>> keys = value::keys_of(d);
        std::vector<Value> items = lang::items_of(d);
        bool table = !keys.empty() && !items.empty() &&
                     std::all_of(items.begin(), items.end(), [](const Value& x) { return !x.is_function() && x.rank() == 1; });
        if (table) { // a table: columns by name, `x` the x values
            std::vector<double> xs;
            for (size_t i = 0; i < items.size(); i++)
                if (keys[i] && *keys[i] == "x") xs = reals_of(items[i]);
            for (size_t i = 0; i < items.size(); i++) {
                if (keys[i] && *keys[i] == "x") continue;
                graphics::Series s{keys[i] ? *keys[i] : std::to_string(i), reals_of(items[i]), xs, "", {}};
                if (!xs.empty() && s.y.size() != xs.size()) bad(ErrorKind::Length, "every column has as many rows as x");
                p.series.push_back(std::move(s));
            }
            return;
        }
        if (!keys.empty()) p.categories = labels_of(keys);
        p.series.push_back({"", reals_of(d), {}, "", {}});
        return;
    }
    if (d.rank() != 2) bad(ErrorKind::Rank, "data are a vector, a matrix or a table");
    int64_t rows = d.shape()[0], cols = d.shape()[1];
    std::vector<double> all = reals_of(d);
    std::vector<std::optional<std::string>> names = value::keys_of(d, 0), cats = value::keys_of(d, 1);
    if (!cats.empty()) p.categories = labels_of(cats);
    for (int64_t r = 0; r < rows; r++) {
        graphics::Series s;
        s.name = names.empty() ? "" : (names[static_cast<size_t>(r)] ? *names[static_cast<size_t>(r)] : std::to_string(r));
        s.y.assign(all.begin() + r * cols, all.begin() + (r + 1) * cols);
        p.series.push_back(std::move(s));
    }
}

void read_series(Plot& p, const Value& v) {
    for (auto& [name, settings] : fields_of(v, "series")) {
        auto s = std::find_if(p.series.begin(), p.series.end(), [&n = name](const graphics::Series& x) { return x.name == n; });
        if (s == p.series.end()) bad(ErrorKind::Domain, "no series \"" + name + "\"");
        for (auto& [k, x] : fields_of(settings, "a series' settings")) {
            if (k == "color") s->color = string_of(x, "color");
            else if (k == "size") s->size = real_of(x, "size");
            else if (k == "label") s->name = string_of(x, "label");
            else bad(ErrorKind::Domain, "unknown series setting \"" + k + "\" (color size label)");
        }
    }
}

// One spec read into a Plot (figure settings, when given, into f).
Plot read_plot(const Value& spec, graphics::Figure* f) {
    std::vector<std::pair<std::string, Value>> fields = fields_of(spec, "a plot spec");
    Plot p;
    const Value* data = nullptr;
    const Value* series = nullptr;
    for (auto& [k, v] : fields) {
        if (k == "data") data = &v;
        else if (k == "mark") p.mark = string_of(v, "mark");
    }
    if (!data) bad(ErrorKind::Domain, "a plot spec holds its data");
    if (p.mark != "line" && p.mark != "point" && p.mark != "bar" && p.mark != "cell")
        bad(ErrorKind::Domain, "a mark is \"line\", \"point\", \"bar\" or \"cell\"");
    for (auto& [k, v] : fields) {
        if (k == "data" || k == "mark") continue;
        else if (k == "title") p.title = string_of(v, "title");
        else if (k == "width") p.width = real_of(v, "width");
        else if (k == "height") p.height = real_of(v, "height");
        else if (k == "x") read_axis(p.x, v, "x");
        else if (k == "y") read_axis(p.y, v, "y");
        else if (k == "legend") p.legend = is_text(v) ? string_of(v, "legend") : (truth_of(v, "legend") ? "end" : "none");
        else if (k == "grid") p.grid = truth_of(v, "grid");
        else if (k == "axes") p.axes = truth_of(v, "axes");
        else if (k == "flip") p.flip = truth_of(v, "flip");
        else if (k == "palette") p.palette = strings_of(v, "palette");
        else if (k == "colorbar") p.colorbar = truth_of(v, "colorbar");
        else if (k == "color") p.color = string_of(v, "color");
        else if (k == "size") p.size = real_of(v, "size");
        else if (k == "labels") p.labels = truth_of(v, "labels");
        else if (k == "series") series = &v;
        else if (k == "widths" || k == "heights" || k == "share") {
            if (!f) bad(ErrorKind::Domain, "\"" + k + "\" is a figure's setting");
            if (k == "share") f->share = string_of(v, "share");
            else (k == "widths" ? f->widths : f->heights) = reals_of(v);
        } else {
            bad(ErrorKind::Domain, "unknown setting \"" + k + "\"");
        }
    }
    if (!(p.width > 0 && p.height > 0 && p.width < 1e5 && p.height < 1e5)) bad(ErrorKind::Domain, "width and height are positive");
    if (p.legend != "" && p.legend != "none" && p.legend != "end" && p.legend != "top" && p.legend != "right")
        bad(ErrorKind::Domain, "legend is \"end\", \"top\", \"right\", \"none\" or $t/$f");
    read_data(p, *data);
    if (series) read_series(p, *series);
    return p;
}

} // namespace

std::string plot_svg(const Value& spec) {
    Value d = spec.read();
    Value data = value::field(d, "data").value_or(Value());
    // a figure: the data are plots (a vector: one row; a matrix: its grid)
    Value items = data.is_none() ? Value() : data.read();
    if (!items.is_none() && !items.is_function() && items.rank() >= 1 && items.rank() <= 2 && items.count() > 0) {
        std::vector<Value> plots = lang::items_of(items);
        if (std::all_of(plots.begin(), plots.end(), [](const Value& x) { return is_plot(x); })) {
            graphics::Figure f;
            f.rows = items.rank() == 2 ? items.shape()[0] : 1;
            f.cols = items.rank() == 2 ? items.shape()[1] : items.shape()[0];
            for (auto& [k, v] : fields_of(d, "a plot spec")) {
                if (k == "data") continue;
                if (k == "title") f.title = string_of(v, "title");
                else if (k == "share") f.share = string_of(v, "share");
                else if (k == "widths") f.widths = reals_of(v);
                else if (k == "heights") f.heights = reals_of(v);
                else bad(ErrorKind::Domain, "unknown figure setting \"" + k + "\" (title widths heights share)");
            }
            for (const Value& x : plots) f.plots.push_back(read_plot(x, nullptr));
            return graphics::write_xml(graphics::render_svg(f));
        }
    }
    return graphics::write_xml(graphics::render_svg(read_plot(d, nullptr)));
}

Value plot_monad(const Value& omega) { return plot_dyad(value::record({}), omega); }

Value plot_dyad(const Value& alpha, const Value& omega) {
    std::vector<std::pair<std::string, Value>> spec = {{"data", omega}};
    if (is_text(alpha) && alpha.count() > 0) {
        spec.emplace_back("mark", alpha);
    } else {
        for (auto& [k, v] : fields_of(alpha, "•plot's settings")) {
            if (k == "data") bad(ErrorKind::Domain, "the data are the right argument");
            spec.emplace_back(k, v);
        }
    }
    return as_plot(value::record(std::move(spec)));
}

} // namespace bpl::session
