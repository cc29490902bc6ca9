// The vector routes compiled for portable (2 float64 lanes); see vec_impl.h.
#define BPL_ISA portable
#define BPL_W 2
#define BPL_HAS_FMA 0
#include "math/vec_impl.h"

BPL_VEC_ENTRY_POINTS
