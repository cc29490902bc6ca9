// •nget and •nput on a fresh temporary folder: a write makes a new file with the data's bytes
// (read back with <fstream>), never replaces one, and leaves no file behind when it fails.
// •metadata and •readdir against what <filesystem> and stat(2) say of files made here; a
// contained session refuses every name that reaches outside it.
#include "eval.h"
#include "session/session.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include <sys/stat.h>
#include <unistd.h>

namespace bpl::session {
namespace {

namespace fs = std::filesystem;

using test::eval;

class Files : public ::testing::Test {
  protected:
    void SetUp() override {
        install();
        dir_ = fs::temp_directory_path() / ("bpl-files-test-" + std::to_string(std::random_device{}()));
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string at(const std::string& name) const { return (dir_ / name).string(); }
    std::string contents(const std::string& name) const {
        std::ifstream in(dir_ / name, std::ios::binary);
        std::ostringstream ss;
        ss << in.rdbuf();
        return ss.str();
    }
    size_t entries() const { return static_cast<size_t>(std::distance(fs::directory_iterator(dir_), {})); }
    fs::path dir_;
};

TEST_F(Files, WritesNewFilesAndReadsThemBack) {
    EXPECT_EQ(eval("\"" + at("a.txt") + "\" •nput \"héllo\""), "6ₓ");
    EXPECT_EQ(contents("a.txt"), "h\xc3\xa9llo");
    EXPECT_EQ(eval("•nget \"" + at("a.txt") + "\""), "héllo");
    EXPECT_EQ(eval("\"" + at("b.bin") + "\" •nput 0 1 255"), "3ₓ");
    EXPECT_EQ(contents("b.bin"), std::string("\x00\x01\xff", 3));
    EXPECT_EQ(entries(), 2u); // no temporary file is left
}

TEST_F(Files, TheBinaryOptionReadsBytes) {
    std::ofstream(dir_ / "b.bin", std::ios::binary) << std::string("\x00\xff\xc3\xa9", 4);
    EXPECT_EQ(eval("[\"binary\":$t] •nget \"" + at("b.bin") + "\""), "[0 255 195 169]ₓ");
    std::ofstream(dir_ / "t.txt") << "h\xc3\xa9";
    EXPECT_EQ(eval("[\"Binary\":0] •nget \"" + at("t.txt") + "\""), "hé");
    EXPECT_EQ(eval("[\"colour\":1] •nget \"" + at("t.txt") + "\"").rfind("DOMAIN", 0), 0u);
    EXPECT_EQ(eval("[\"binary\":2] •nget \"" + at("t.txt") + "\"").rfind("DOMAIN", 0), 0u);
}

TEST_F(Files, NeverReplacesAnExistingFile) {
    std::ofstream(dir_ / "keep.txt") << "original";
    std::string out = eval("\"" + at("keep.txt") + "\" •nput \"new\"");
    EXPECT_EQ(out.rfind("IO ERROR", 0), 0u) << out;
    EXPECT_EQ(contents("keep.txt"), "original");
    EXPECT_EQ(entries(), 1u);
}

TEST_F(Files, TheOverwriteOptionReplacesAtomically) {
    std::ofstream(dir_ / "keep.txt") << "original";
    EXPECT_EQ(eval("[\"path\":\"" + at("keep.txt") + "\" \"overwrite\":$t] •nput \"new\""), "3ₓ");
    EXPECT_EQ(contents("keep.txt"), "new");
    EXPECT_EQ(entries(), 1u); // no temporary file is left
    EXPECT_EQ(eval("[\"path\":\"" + at("keep.txt") + "\" \"overwrite\":$f] •nput \"x\"").rfind("IO ERROR", 0), 0u);
    EXPECT_EQ(contents("keep.txt"), "new");
    EXPECT_EQ(eval("[\"overwrite\":$t] •nput \"x\"").rfind("DOMAIN", 0), 0u); // no path
    EXPECT_EQ(eval("[\"path\":\"" + at("d") + "\" \"colour\":1] •nput \"x\"").rfind("DOMAIN", 0), 0u);
    fs::create_directory(dir_ / "sub");
    EXPECT_EQ(eval("[\"path\":\"" + at("sub") + "\" \"overwrite\":$t] •nput \"x\"").rfind("IO ERROR", 0), 0u);
    EXPECT_TRUE(fs::is_directory(dir_ / "sub"));
}

TEST_F(Files, FailedWritesLeaveNothing) {
    std::string out = eval("\"" + at("bad.bin") + "\" •nput 1 2 300");
    EXPECT_EQ(out.rfind("DOMAIN", 0), 0u) << out;
    out = eval("\"" + at("missing/dir/x.txt") + "\" •nput \"x\"");
    EXPECT_EQ(out.rfind("IO ERROR", 0), 0u) << out;
    EXPECT_EQ(entries(), 0u);
}

TEST_F(Files, ReadErrorsAreFileErrors) {
    EXPECT_EQ(eval("•nget \"" + at("none.txt") + "\"").rfind("IO ERROR", 0), 0u);
    EXPECT_EQ(eval("•nget \"" + dir_.string() + "\"").rfind("IO ERROR", 0), 0u);
}

TEST_F(Files, MakeCopyRenameRemove) {
    std::string d = at("d");
    EXPECT_EQ(eval("•mkdir \"" + d + "/s\""), d + "/s"); // parents too
    EXPECT_TRUE(fs::is_directory(dir_ / "d" / "s"));
    EXPECT_EQ(eval("•mkdir \"" + d + "\"").rfind("IO ERROR", 0), 0u); // it exists
    std::ofstream(dir_ / "d" / "s" / "b") << "x";
    // a folder copies with everything in it; a target that exists is never replaced
    EXPECT_EQ(eval("\"" + d + "/t\" •copy \"" + d + "/s\""), d + "/t");
    EXPECT_EQ(contents("d/t/b"), "x");
    EXPECT_EQ(eval("\"" + d + "/t\" •copy \"" + d + "/s\"").rfind("IO ERROR", 0), 0u);
    // rename moves, never over an existing entry
    EXPECT_EQ(eval("\"" + d + "/u\" •rename \"" + d + "/t\""), d + "/u");
    EXPECT_FALSE(fs::exists(dir_ / "d" / "t"));
    EXPECT_EQ(eval("\"" + d + "/u\" •rename \"" + d + "/s\"").rfind("IO ERROR", 0), 0u);
    EXPECT_TRUE(fs::exists(dir_ / "d" / "s" / "b"));
    // remove takes a file or an empty folder
    EXPECT_EQ(eval("•remove \"" + d + "/s\"").rfind("IO ERROR", 0), 0u);
    EXPECT_EQ(eval("•remove \"" + d + "/s/b\""), d + "/s/b");
    EXPECT_EQ(eval("•remove \"" + d + "/s\""), d + "/s");
    EXPECT_FALSE(fs::exists(dir_ / "d" / "s"));
    EXPECT_EQ(eval("•remove \"" + d + "/s\"").rfind("IO ERROR", 0), 0u);
}

// The metadata table's columns by position (operators-and-system.md §21.1's order).
enum Column { PATH, NAME, KIND, TARGET, LEN, MODIFIED, ACCESSED, CREATED, READONLY, HIDDEN, READABLE,
              WRITABLE, EXECUTABLE, UID, MODE, OWNER };

std::string column(const std::string& table, Column c) {
    return "(" + std::to_string(static_cast<int>(c)) + "⊃" + table + ")";
}

TEST_F(Files, MetadataOfFilesFoldersLinksAndMissingPaths) {
    std::ofstream(dir_ / "f.txt") << "12345";
    fs::create_directory(dir_ / "sub");
    fs::create_symlink("f.txt", dir_ / "ln");
    std::ofstream(dir_ / ".hid") << "";
    chmod(at("f.txt").c_str(), 0640);
    struct stat st {};
    ASSERT_EQ(stat(at("f.txt").c_str(), &st), 0);
    std::string m = "(•metadata \"" + at("f.txt") + "\" \"" + at("sub") + "\" \"" + at("ln") + "\" \"" +
                    at("none") + "\" \"" + at(".hid") + "\")";
    EXPECT_EQ(eval(column(m, KIND)), "\"file\" \"dir\" \"link\" \"none\" \"file\"");
    EXPECT_EQ(eval(column(m, NAME)), "\"f.txt\" \"sub\" \"ln\" \"none\" \".hid\"");
    EXPECT_EQ(eval("4⊃" + column(m, PATH)), at(".hid"));
    EXPECT_EQ(eval("0⊃" + column(m, LEN)), "5ₓ");
    EXPECT_EQ(eval("2⊃" + column(m, TARGET)), "f.txt");
    EXPECT_EQ(eval("0⊃" + column(m, MODE)), std::to_string(0640) + "ₓ");
    EXPECT_EQ(eval("0⊃" + column(m, UID)), std::to_string(st.st_uid) + "ₓ");
    EXPECT_EQ(eval(column(m, HIDDEN) + "≡$f $f $f $f $t"), "$t");
    EXPECT_EQ(eval(column(m, READABLE) + "≡$t $t $t $f $t"), "$t"); // the link's target is readable
    EXPECT_EQ(eval("0⊃" + column(m, MODIFIED)), eval(std::to_string(st.st_mtim.tv_sec) + "+" +
                                                     std::to_string(st.st_mtim.tv_nsec) + "×1E¯9"));
    EXPECT_EQ(eval("3⊃" + column(m, MODIFIED)), "$n"); // a missing path has no times
    EXPECT_EQ(eval("•metadata 1 2").rfind("DOMAIN", 0), 0u);
}

TEST_F(Files, ReaddirListsEntriesSortedByPath) {
    for (const char* name : {"b", "a", "c.csv"}) std::ofstream(dir_ / name) << name;
    fs::create_directory(dir_ / "d");
    std::string t = "(•readdir \"" + dir_.string() + "\")";
    EXPECT_EQ(eval(column(t, NAME)), "\"a\" \"b\" \"c.csv\" \"d\"");
    EXPECT_EQ(eval(column(t, KIND)), "\"file\" \"file\" \"file\" \"dir\"");
    EXPECT_EQ(eval("3↑" + column(t, LEN)), "[1 1 5]ₓ");
    EXPECT_EQ(eval("•readdir \"" + at("none") + "\"").rfind("IO ERROR", 0), 0u);
    EXPECT_EQ(eval("•readdir \"" + at("a") + "\"").rfind("IO ERROR", 0), 0u); // a file is no folder
}

TEST_F(Files, ReaddirGlobAndRecurse) {
    for (const char* name : {"a.csv", "b.txt", "c.csv"}) std::ofstream(dir_ / name) << name;
    fs::create_directory(dir_ / "d");
    std::ofstream(dir_ / "d" / "e.csv") << "e";
    std::string d = "\"" + dir_.string() + "\"";
    EXPECT_EQ(eval(column("(\"*.csv\" •readdir " + d + ")", NAME)), "\"a.csv\" \"c.csv\"");
    // the glob matches paths below the folder, * never crossing a / (the corpus's core:6351)
    EXPECT_EQ(eval(column("([\"glob\":\"*.csv\" \"recurse\":$t] •readdir " + d + ")", NAME)),
              "\"a.csv\" \"c.csv\"");
    EXPECT_EQ(eval(column("([\"glob\":\"*/*.csv\" \"recurse\":$t] •readdir " + d + ")", NAME)), "[\"e.csv\"]");
    EXPECT_EQ(eval("≢" + column("([\"recurse\":$t] •readdir " + d + ")", NAME)), "5ₓ");
    EXPECT_EQ(eval("[\"depth\":1] •readdir " + d).rfind("DOMAIN", 0), 0u);
}

TEST_F(Files, AContainedSessionRefusesNamesThatReachOutside) {
    install(Reach::Contained);
    for (const char* name : {"nget", "nput", "copy", "rename", "remove", "mkdir", "metadata", "readdir"}) {
        std::string out = eval("•" + std::string(name));
        EXPECT_EQ(out.rfind("UNSUPPORTED", 0), 0u) << name << ": " << out;
    }
    EXPECT_EQ(eval("•json \"[1,2]\""), "[1 2]ₓ"); // the rest still works
    install(Reach::All);
    EXPECT_EQ(eval("•nget \"" + at("none") + "\"").rfind("IO ERROR", 0), 0u); // reaching outside again
}

} // namespace
} // namespace bpl::session
