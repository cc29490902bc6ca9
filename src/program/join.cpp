// The Join step's reader: items of the operands in turn along the joined axis, each row of the
// result being every operand's run of that row (a unit operand's one item repeated). One loop for
// a whole result and for a block stage's range of items: each piece is one run of one operand.
#include "program/run.h"

#include <algorithm>
#include <cstring>

namespace bpl::program {

void join_items(const std::vector<int64_t>& params, const std::byte* const* bases, int size, int64_t lo,
                int64_t m, std::byte* dst) {
    size_t ops = (params.size() - 1) / 2;
    int64_t row = 0;
    for (size_t j = 0; j < ops; j++) row += params[1 + 2 * j];
    for (int64_t i = lo, end = lo + m; i < end;) {
        int64_t r = i / row, at = i % row;
        size_t j = 0;
        while (at >= params[1 + 2 * j]) at -= params[1 + 2 * j++];
        int64_t run = params[1 + 2 * j];
        int64_t take = std::min(run - at, end - i);
        auto bytes = static_cast<size_t>(size);
        if (params[2 + 2 * j] != 0) {
            std::memcpy(dst, bases[j] + (r * run + at) * size, static_cast<size_t>(take) * bytes);
        } else {
            for (int64_t k = 0; k < take; k++) std::memcpy(dst + k * size, bases[j], bytes);
        }
        dst += take * size;
        i += take;
    }
}

} // namespace bpl::program
