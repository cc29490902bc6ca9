// •load's module scopes live as long as something outside them holds one of their functions
// (lang::Context::release_modules): counted through Context::live_modules, the scopes the
// context still holds, after runs that keep or drop what the modules exported.
#include "eval.h"
#include "session/session.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

namespace bpl::session {
namespace {

namespace fs = std::filesystem;

using test::SilentIo;
using test::value_of;

class Modules : public ::testing::Test {
  protected:
    void SetUp() override {
        install();
        dir_ = fs::temp_directory_path() / ("bpl-load-test-" + std::to_string(std::random_device{}()));
        fs::create_directories(dir_);
        // a private helper the exported function calls, and a value
        std::ofstream(dir_ / "m.bpl") << "_half←{⍵÷2}\ntri←{_half ⍺×⍵}\nn←7\n";
        std::ofstream(dir_ / "v.bpl") << "n←7\n";
        std::ofstream(dir_ / "bad.bpl") << "f←{⍵}\n÷'a'\n";
    }
    void TearDown() override { fs::remove_all(dir_); }
    fs::path dir_;
};

std::string display(lang::Context& ctx, std::string_view src) { return lang::display(value_of(ctx, src)); }

TEST_F(Modules, ADroppedModuleIsFreedAndAHeldOneKept) {
    SilentIo io;
    lang::Context ctx(io, dir_.string());
    EXPECT_EQ(display(ctx, "r←•load \"m.bpl\" ⋄ 3 r.tri 4"), "6");
    EXPECT_EQ(ctx.live_modules(), 1u); // r holds tri, which closes over the module
    EXPECT_EQ(display(ctx, "[tri]←•load \"m.bpl\" ⋄ 0"), "0");
    EXPECT_EQ(ctx.live_modules(), 2u);
    EXPECT_EQ(display(ctx, "r←0 ⋄ 0"), "0");
    EXPECT_EQ(ctx.live_modules(), 1u); // the first one's record went
    EXPECT_EQ(display(ctx, "5 tri 4"), "10"); // the kept one still calls its private helper
    EXPECT_EQ(display(ctx, "•ex \"tri\""), "1ₓ");
    EXPECT_EQ(ctx.live_modules(), 0u);
}

TEST_F(Modules, LoadsInALoopLeaveNoScopes) {
    SilentIo io;
    lang::Context ctx(io, dir_.string());
    // each run of the module is dropped at once: the next •load frees it
    EXPECT_EQ(display(ctx, "+/{(•load \"m.bpl\").n}¨⍳100"), "700");
    EXPECT_EQ(ctx.live_modules(), 0u);
    EXPECT_EQ(display(ctx, "x←{t←(•load \"m.bpl\").tri ⋄ 3 t ⍵}¨⍳50 ⋄ +/x"), "1825ₓ"); // Σ⌊3k÷2, k<50 (D2: ÷ floors integers)
    EXPECT_EQ(ctx.live_modules(), 0u);
    // a module of values only is held by nothing once its record is read
    EXPECT_EQ(display(ctx, "v←•load \"v.bpl\" ⋄ v.n"), "7");
    EXPECT_EQ(ctx.live_modules(), 0u);
}

TEST_F(Modules, AFunctionKeptInsideAnArrayKeepsItsModule) {
    SilentIo io;
    lang::Context ctx(io, dir_.string());
    EXPECT_EQ(display(ctx, "fs←[(•load \"m.bpl\").tri 0] ⋄ 0"), "0");
    EXPECT_EQ(ctx.live_modules(), 1u);
    EXPECT_EQ(display(ctx, "g←0⊃fs ⋄ 2 g 3"), "3");
    EXPECT_EQ(display(ctx, "fs←0 ⋄ 0"), "0");
    EXPECT_EQ(ctx.live_modules(), 1u); // g still holds it
    EXPECT_EQ(display(ctx, "g←0 ⋄ 0"), "0");
    EXPECT_EQ(ctx.live_modules(), 0u);
}

TEST_F(Modules, AModuleFailingHalfWayIsFreed) {
    SilentIo io;
    lang::Context ctx(io, dir_.string());
    EXPECT_THROW(value_of(ctx, "•load \"bad.bpl\""), base::Error);
    EXPECT_EQ(ctx.live_modules(), 0u);
}

} // namespace
} // namespace bpl::session
