// The progress line of a long read (language.md §12, issue 18): when a read has run longer than
// the delay, standard error shows "stages done of total", redrawn as stages end and erased when
// the read ends. Only the outermost read draws; only a program that enables it (the CLI, when
// standard error is a terminal) ever sees it, so pipes and files never hold it.
#pragma once

#include <chrono>
#include <cstddef>

namespace bpl::program {

// Turns the line on or off (off by default). The delay is `BPL_PROGRESS_AFTER` seconds when that
// is set to a number, else 2.
void set_progress(bool on);

// One read's line: made when a plan starts running, told of each stage that ends; erases what
// it drew when it goes (also when the read fails).
class ProgressLine {
  public:
    explicit ProgressLine(size_t stages);
    ~ProgressLine();
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;
    void stage_done(size_t done) {
        if (active_) draw(done);
    }

  private:
    void draw(size_t done);
    bool active_ = false, drawn_ = false;
    size_t total_ = 0;
    std::chrono::steady_clock::time_point start_, last_;
};

} // namespace bpl::program
