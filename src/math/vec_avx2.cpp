// The vector routes compiled for avx2 (4 float64 lanes); see vec_impl.h.
#define BPL_ISA avx2
#define BPL_W 4
#define BPL_HAS_FMA 1
#include "math/vec_impl.h"

BPL_VEC_ENTRY_POINTS
