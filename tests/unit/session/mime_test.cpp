// Renderers on values (session/mime.cpp over value::Layout): the bundle a value gives, that a
// renderer travels with the value and labels nothing (≡ and display ignore it), and ]save's
// choice of rendering by extension. The PNG bytes are checked against the PNG signature.
#include "eval.h"
#include "session/session.h"
#include "value/layout.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <unistd.h>

namespace bpl::session {
namespace {

using test::SilentIo;

value::Value eval(lang::Context& ctx, std::string_view src) { return test::value_of(ctx, src); }

TEST(Mime, PlainValuesHaveOnlyText) {
    install();
    SilentIo io;
    lang::Context ctx(io);
    auto bundle = mime_bundle(eval(ctx, "1 2 3"));
    ASSERT_EQ(bundle.size(), 1u);
    EXPECT_EQ(bundle[0].first, "text/plain");
    EXPECT_EQ(bundle[0].second, "1 2 3");
}

TEST(Mime, PictureRendersPngAndLabelsNothing) {
    install();
    SilentIo io;
    lang::Context ctx(io);
    value::Value im = eval(ctx, "•image 2 2⍴0.5");
    const value::Layout* l = value::layout_of(im);
    ASSERT_NE(l, nullptr);
    EXPECT_TRUE(l->renderer().is_function());
    EXPECT_FALSE(l->labelled());
    EXPECT_TRUE(value::same_layout(l, nullptr)); // ≡ ignores the renderer
    auto bundle = mime_bundle(im);
    ASSERT_EQ(bundle.size(), 2u);
    EXPECT_EQ(bundle[0].second, "0.5 0.5\n0.5 0.5"); // the display of a plain matrix
    EXPECT_EQ(bundle[1].first, "image/png");
    EXPECT_EQ(bundle[1].second.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
}

TEST(Mime, RendererKeepsKeys) {
    install();
    SilentIo io;
    lang::Context ctx(io);
    value::Value p = eval(ctx, "•plot 1 2 3");
    const value::Layout* l = value::layout_of(p);
    ASSERT_NE(l, nullptr);
    EXPECT_TRUE(l->labelled()); // the spec is a record, and keeps its keys beside the renderer
    EXPECT_TRUE(value::field(p, "data").has_value());
    auto bundle = mime_bundle(p);
    ASSERT_EQ(bundle.size(), 2u);
    EXPECT_EQ(bundle[1].first, "image/svg+xml");
    EXPECT_EQ(bundle[1].second.substr(0, 4), "<svg");
}

TEST(Mime, SaveChoosesByExtension) {
    install();
    SilentIo io;
    lang::Context ctx(io);
    auto dir = std::filesystem::temp_directory_path() / ("bpl-mime-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    value::Value p = eval(ctx, "\"bar\" •plot 3 1 4");
    EXPECT_EQ(save_rendering(p, (dir / "p.svg").string()), "image/svg+xml");
    EXPECT_TRUE(std::filesystem::file_size(dir / "p.svg") > 100);
    EXPECT_THROW(save_rendering(p, (dir / "p.svg").string()), base::Error); // never replaces
    EXPECT_THROW(save_rendering(p, (dir / "p.png").string()), base::Error); // no PNG rendering
    EXPECT_THROW(save_rendering(p, (dir / "p.gif").string()), base::Error);
    EXPECT_FALSE(std::filesystem::exists(dir / "p.png"));
    std::filesystem::remove_all(dir);
}

} // namespace
} // namespace bpl::session
