"""optimize and analyze (spec §15): thin wrappers over the C++ passes (src/circuit/optimize.cpp and
analysis.cpp)."""


def optimize(program):
    """The optimized artifact dict of ``program``."""
    return program._core.optimize()


def analyze(program):
    """{"intervals": [[lo, hi], ...], "issues": [{"node", "op", "kind", "message"}, ...]}."""
    from ._program import Program

    if not isinstance(program, Program):
        from ._errors import ProgramError
        raise ProgramError("analyze needs a Program")
    intervals, issues = program._core.analyze()
    nodes = program._art["nodes"]
    return {"intervals": [[lo, hi] for lo, hi in intervals],
            "issues": [{"node": n, "op": nodes[n]["op"], "kind": k, "message": m}
                       for n, k, m in issues]}
