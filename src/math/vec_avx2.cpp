// The vector routes compiled for AVX2 + FMA (4 float64 / 8 float32 lanes); see vec_impl.h.
#define BPL_ISA avx2
#define BPL_W 4
#define BPL_REG 32
#define BPL_HAS_FMA 1
#include "math/vec_impl.h"

BPL_VEC_ENTRY_POINTS
