// Kind facts that need code (join, names); the math library extends this file.
#include "number/kind.h"
