"""python -m tensorcode.program run|gradients (spec §25): reads {"artifact", "cases"} from standard
input and writes {"results": [...]} to standard output, for the cross-language tests."""

import sys

from . import _core_module
from ._errors import EvaluationError, ProgramError
from ._program import Program

USAGE = "usage: python -m tensorcode.program run|gradients < request.json"


def _kind(e):
    if isinstance(e, EvaluationError):
        return e.kind
    return "program"


def _case(program, command, case):
    inputs = case.get("inputs", {})
    state = case.get("state")
    try:
        if command == "run":
            outputs, nxt = program.step(inputs, state=state)
            return {"outputs": outputs, "next_state": nxt}
        cot = case.get("cotangents")
        output = case.get("output")
        if cot is None and output is None and len(program.outputs) > 1:
            cot = {k: 1.0 for k in program.outputs}
        return {"gradients": program.gradients(inputs, state=state, output=output, cotangents=cot)}
    except ProgramError as e:
        return {"error": _kind(e)}


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1 or argv[0] not in ("run", "gradients"):
        print(USAGE, file=sys.stderr)
        return 2
    core = _core_module()
    try:
        request = core.loads(sys.stdin.read())
        program = Program.from_json(request["artifact"])
        cases = request["cases"]
    except (ValueError, KeyError, TypeError) as e:
        print(f"bad request: {e}", file=sys.stderr)
        return 1
    results = [_case(program, argv[0], c) for c in cases]
    sys.stdout.write(core.dumps({"results": results}) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
