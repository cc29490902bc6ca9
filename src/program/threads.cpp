// The thread pool: persistent workers woken for each parallel_for, one part each.
#include "program/threads.h"

#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <thread>
#include <vector>

namespace bpl::program {

namespace {

class Pool {
  public:
    ~Pool() {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            stopping_ = true;
        }
        wake_.notify_all();
        for (std::thread& t : workers_) t.join();
    }

    void run(int parts, const std::function<void(int)>& part) {
        if (parts <= 1) {
            if (parts == 1) part(0);
            return;
        }
        grow(parts - 1);
        {
            std::lock_guard<std::mutex> lock(mutex_);
            job_ = &part;
            next_ = 1;
            parts_ = parts;
            pending_ = parts - 1;
            generation_++;
        }
        wake_.notify_all();
        part(0);
        std::unique_lock<std::mutex> lock(mutex_);
        done_.wait(lock, [&] { return pending_ == 0; });
        job_ = nullptr;
    }

  private:
    void grow(int n) {
        while (static_cast<int>(workers_.size()) < n) workers_.emplace_back([this] { work(); });
    }

    void work() {
        uint64_t seen = 0;
        std::unique_lock<std::mutex> lock(mutex_);
        while (true) {
            wake_.wait(lock, [&] { return stopping_ || (generation_ != seen && next_ < parts_); });
            if (stopping_) return;
            seen = generation_;
            while (next_ < parts_) {
                int mine = next_++;
                const std::function<void(int)>* job = job_;
                lock.unlock();
                (*job)(mine);
                lock.lock();
                if (--pending_ == 0) done_.notify_one();
            }
        }
    }

    std::mutex mutex_;
    std::condition_variable wake_, done_;
    std::vector<std::thread> workers_;
    const std::function<void(int)>* job_ = nullptr;
    int next_ = 0, parts_ = 0, pending_ = 0;
    uint64_t generation_ = 0;
    bool stopping_ = false;
};

Pool& pool() {
    static Pool p;
    return p;
}

int initial_threads() {
    if (const char* s = std::getenv("BPL_THREADS")) {
        int n = std::atoi(s);
        if (n >= 1) return n;
    }
    unsigned n = std::thread::hardware_concurrency();
    return n == 0 ? 1 : static_cast<int>(n);
}
int g_threads = 0;

} // namespace

int threads() {
    if (g_threads == 0) g_threads = initial_threads();
    return g_threads;
}
void set_threads(int n) { g_threads = n < 1 ? 1 : n; }

void parallel_for(int parts, const std::function<void(int)>& part) { pool().run(parts, part); }

} // namespace bpl::program
