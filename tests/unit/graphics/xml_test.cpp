// The XML writer and reader, and the plot renderer's SVG (read back by the reader; pytest
// checks it with Python's XML parser and rsvg-convert).
#include "graphics/plot.h"
#include "graphics/xml.h"

#include "base/error.h"

#include <gtest/gtest.h>

namespace bpl::graphics {
namespace {

TEST(Xml, WritesEscapedTextAndAttributes) {
    Xml x = Xml::element("text", {{"data-X", "a&\"b"}, {"x", "-2"}}, {Xml::text_node("x<y & y>z")});
    EXPECT_EQ(write_xml(x), "<text data-X=\"a&amp;&quot;b\" x=\"-2\">x&lt;y &amp; y&gt;z</text>");
    EXPECT_EQ(write_xml(Xml::element("path", {{"d", "M0 0"}})), "<path d=\"M0 0\"/>");
}

TEST(Xml, ReadsWhatItWrites) {
    std::string s = "<x:root xmlns:x=\"urn:e\"><x:leaf a='1'>Hi &amp; &#x263A;</x:leaf><e/></x:root>";
    Xml x = parse_xml("<?xml version=\"1.0\"?>\n<!-- c -->" + s + "\n");
    EXPECT_EQ(x.tag, "x:root");
    ASSERT_EQ(x.children.size(), 2u);
    EXPECT_EQ(x.children[0].attrs[0].second, "1");
    EXPECT_EQ(x.children[0].children[0].text, "Hi & \u263A");
    EXPECT_EQ(write_xml(x), "<x:root xmlns:x=\"urn:e\"><x:leaf a=\"1\">Hi &amp; \u263A</x:leaf><e/></x:root>");
    EXPECT_EQ(parse_xml("<a><![CDATA[<b>]]></a>").children[0].text, "<b>");
}

TEST(Xml, MalformedIsDomain) {
    for (const char* bad : {"", "<a>", "<a></b>", "<a x=1/>", "<a>&nope;</a>", "<a/><b/>", "text"})
        EXPECT_THROW(parse_xml(bad), base::Error) << bad;
}

size_t count(const Xml& x, const std::string& tag) {
    size_t n = x.tag == tag;
    for (const Xml& c : x.children) n += count(c, tag);
    return n;
}

TEST(Plot, MarksDrawOneShapePerPointOrSeries) {
    Plot p;
    p.series = {{"NY", {10, 20, 30}, {}, "", {}}, {"LA", {40, 50, 60}, {}, "", {}}};
    p.categories = {"Jan", "Feb", "Mar"};
    Xml line = parse_xml(write_xml(render_svg(p)));
    EXPECT_EQ(line.tag, "svg");
    EXPECT_EQ(count(line, "polyline"), 2u);
    p.mark = "point";
    EXPECT_EQ(count(render_svg(p), "circle"), 6u);
    p.mark = "bar";
    EXPECT_EQ(count(render_svg(p), "rect"), 6u + 1 + 2); // bars, background, legend swatches
    p.mark = "cell";
    p.rows = 2, p.cols = 3, p.cells = {1, 2, 3, 4, 5, 6};
    p.colorbar = false;
    EXPECT_EQ(count(render_svg(p), "rect"), 6u + 1);
    p.mark = "pie";
    EXPECT_THROW(render_svg(p), base::Error);
}

TEST(Plot, LogScaleNeedsPositiveValues) {
    Plot p;
    p.series = {{"", {1, 10, 100}, {}, "", {}}};
    p.y.scale = "log";
    EXPECT_NO_THROW(render_svg(p));
    p.series[0].y[0] = 0;
    EXPECT_THROW(render_svg(p), base::Error);
}

TEST(Plot, FigureHoldsEachPlot) {
    Figure f;
    Plot a;
    a.series = {{"", {1, 2}, {}, "", {}}};
    f.plots = {a, a, a};
    f.cols = 2, f.rows = 2;
    Xml x = render_svg(f);
    EXPECT_EQ(count(x, "svg"), 4u);
    f.rows = 1;
    EXPECT_THROW(render_svg(f), base::Error);
}

} // namespace
} // namespace bpl::graphics
