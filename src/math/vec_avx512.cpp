// The vector routes compiled for AVX-512 (8 float64 / 16 float32 lanes); see vec_impl.h.
#define BPL_ISA avx512
#define BPL_W 8
#define BPL_REG 64
#define BPL_HAS_FMA 1
#include "math/vec_impl.h"

BPL_VEC_ENTRY_POINTS
