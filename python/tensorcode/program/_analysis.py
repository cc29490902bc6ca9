"""optimize and analyze (spec §15): placeholders until the C++ passes land."""


def optimize(program):
    return program.artifact()


def analyze(program):
    raise NotImplementedError("analyze is not implemented yet")
