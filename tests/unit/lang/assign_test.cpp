// Selective assignment into a large flat array: the selection runs on the target's positions as a
// pending read of an Iota, so the positions' read is a gather from the Iota (no n-item host array,
// no Map or Copy over n positions), and the write is one At node; its items against a plain loop.
#include "lang/run.h"
#include "program/plan.h"
#include "value/array.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace bpl::lang {
namespace {

class QuietIo : public Io {
  public:
    void print(const std::string&) override {}
    std::optional<std::string> read_line() override { return std::nullopt; }
};

// The part of a read report from the read whose root is `root` to the next read.
std::string read_section(const std::string& report, const std::string& root) {
    size_t at = report.find(root);
    if (at == std::string::npos) return "";
    size_t begin = report.rfind("read ", at);
    size_t end = report.find("\nread ", at);
    return report.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
}

TEST(Assign, ALargeWriteReadsOnlyTheSelectedPositions) {
    const int64_t n = 1000000, k = 100000; // 7919 is prime to n: k distinct positions
    QuietIo io;
    Context ctx(io);
    run(ctx, "w←" + std::to_string(n) + "⍴0.5 ⋄ p←" + std::to_string(n) + "|7919×⍳" + std::to_string(k) +
                 " ⋄ v←0.25×⍳" + std::to_string(k),
        [](const value::Value&) {});
    run(ctx, "w ⋄ p", [](const value::Value& r) { r.read(); }); // the target and positions stored
    program::set_reporting(true);
    program::take_report();
    program::reset_counters();
    run(ctx, "w.[p]←v", [](const value::Value&) {});
    std::string report = program::take_report();
    program::set_reporting(false);
    // one read: the selected positions, a Gather of k items from the Iota of the positions
    EXPECT_EQ(program::counters().graphs_read, 1u) << report;
    std::string positions = read_section(report, "Gather → Int [" + std::to_string(k) + "]");
    ASSERT_FALSE(positions.empty()) << report;
    EXPECT_NE(positions.find("Iota"), std::string::npos) << report;
    EXPECT_EQ(positions.find("Map"), std::string::npos) << report;
    EXPECT_EQ(positions.find("Copy"), std::string::npos) << report;
    value::Value w;
    run(ctx, "w", [&](const value::Value& r) { w = r.read(); });
    ASSERT_TRUE(w.is_stored_array());
    ASSERT_EQ(w.count(), n);
    std::vector<double> want(static_cast<size_t>(n), 0.5);
    for (int64_t i = 0; i < k; i++) want[static_cast<size_t>((7919 * i) % n)] = 0.25 * static_cast<double>(i);
    const double* got = w.array_data().items_as<double>();
    for (int64_t i = 0; i < n; i++) ASSERT_EQ(got[i], want[static_cast<size_t>(i)]) << i;
}

} // namespace
} // namespace bpl::lang
