// The vector routes compiled for the baseline ISA (SSE2; 2 float64 lanes, no fma);
// see vec_impl.h.
#define BPL_ISA portable
#define BPL_W 2
#define BPL_REG 16
#define BPL_HAS_FMA 0
#include "math/vec_impl.h"

BPL_VEC_ENTRY_POINTS
