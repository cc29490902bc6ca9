"""tensorcode: compiled numerical programs (see tensorcode.program)."""
