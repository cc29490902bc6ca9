// The Product step's peer benchmark, BPL side: each workload is BPL source run through lang::run
// (parse, bind, build the graph, read the result), timed per call; prints one line per workload:
// name, median ms, fastest ms (tab-separated).
// Built and run by bench/peers/product.sh beside NumPy (product_numpy.py). Not a test.
#include "lang/run.h"
#include "session/session.h"
#include "value/value.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

using namespace bpl;

namespace {

struct Quiet : lang::Io {
    void print(const std::string&) override {}
    std::optional<std::string> read_line() override { return std::nullopt; }
};

struct Workload {
    const char* name;
    const char* setup; // binds the operands (timed apart)
    const char* body;  // one statement whose value is read
};

// The sizes and forms of ../shared/design/measurements/peers.md rows 3 and the MLP.
const Workload WORKLOADS[] = {
    {"matmul 1024² f64", "A←¿1024 1024⍴0 ⋄ B←¿1024 1024⍴0", "A+.×B"},
    {"matmul 1024² f32", "A←32•float ¿1024 1024⍴0 ⋄ B←32•float ¿1024 1024⍴0", "A+.×B"},
    {"MLP fwd 1024×256×256×10 f64",
     "X←¿1024 256⍴0 ⋄ U←¯0.5+¿256 256⍴0 ⋄ V←¯0.5+¿256 256⍴0 ⋄ W←¯0.5+¿256 10⍴0",
     "(0⌈(0⌈X+.×U)+.×V)+.×W"},
    {"matmul 256² int", "A←⌊10×¿256 256⍴0 ⋄ B←⌊10×¿256 256⍴0", "A+.×B"},
    {"⌈.+ 256² f64 (generic)", "A←¿256 256⍴0 ⋄ B←¿256 256⍴0", "A⌈.+B"},
};

double median(std::vector<double> xs) {
    std::sort(xs.begin(), xs.end());
    return xs[xs.size() / 2];
}

} // namespace

int main(int argc, char** argv) {
    int reps = argc > 1 ? std::atoi(argv[1]) : 21;
    session::install();
    Quiet io;
    lang::Context ctx(io);
    for (const Workload& w : WORKLOADS) {
        lang::run(ctx, w.setup, [](const value::Value&) {});
        std::vector<double> ms;
        for (int i = 0; i < reps + 2; i++) { // two warm-up reads also compute the operands
            auto t0 = std::chrono::steady_clock::now();
            lang::run(ctx, w.body, [](const value::Value& v) { v.read(); });
            auto t1 = std::chrono::steady_clock::now();
            if (i >= 2) ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        }
        std::printf("%s\t%.3f\t%.3f\n", w.name, median(ms), *std::min_element(ms.begin(), ms.end()));
    }
    return 0;
}
