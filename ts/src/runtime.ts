// State runtime (§16) and snapshot format v1 (§21).
import { acceptValue } from "./domain.js";
import { ArtifactError, EvaluationError, ProgramError, StepLimitError } from "./errors.js";
import type { Bindings } from "./evaluator.js";
import { Inputs, Outputs, Program } from "./program.js";

/** Something that can compute one event: Program itself, or a WebAssembly instance. */
export interface StepEngine {
  step(inputs: Inputs, opts: { state?: Record<string, number> | null }): [Outputs, Record<string, number>];
}

export interface Snapshot {
  format: "tensorcode.snapshot";
  version: 1;
  program: Record<string, unknown>;
  state: Record<string, number>;
  steps: number;
  max_steps: number;
}

export class Runtime {
  readonly program: Program;
  readonly maxSteps: number;
  private _state: Record<string, number>;
  private _steps = 0;
  private readonly engine: StepEngine;

  constructor(program: Program, opts: { maxSteps?: number; state?: Record<string, number | boolean> | null; engine?: StepEngine } = {}) {
    const max = opts.maxSteps ?? 10000;
    if (!Number.isInteger(max) || max < 0) throw new ProgramError("max_steps must be a non-negative integer");
    this.program = program;
    this.maxSteps = max;
    const st = program.acceptState(opts.state ?? null);
    this._state = {};
    program.stateNodes.forEach((id, i) => { this._state[program.nodes[id]!.name!] = st[i]!; });
    this.engine = opts.engine ?? program;
  }

  get state(): Record<string, number> { return { ...this._state }; }
  get steps(): number { return this._steps; }

  dispatch(inputs: Inputs): Outputs {
    if (this._steps >= this.maxSteps) throw new StepLimitError(`step budget of ${this.maxSteps} events exhausted`);
    const [out, next] = this.engine.step(inputs, { state: this._state });
    this._state = { ...next };
    this._steps += 1;
    return out;
  }

  replay(events: Iterable<Inputs>): Outputs[] {
    const res: Outputs[] = [];
    let k = 0;
    for (const ev of events) {
      try {
        res.push(this.dispatch(ev));
      } catch (e) {
        if (e instanceof ProgramError) (e as EvaluationError).eventIndex = k;
        throw e;
      }
      k++;
    }
    return res;
  }

  snapshot(): Snapshot {
    return { format: "tensorcode.snapshot", version: 1, program: this.program.artifact(), state: { ...this._state }, steps: this._steps, max_steps: this.maxSteps };
  }

  static restore(snapshot: unknown, opts: { bindings?: Bindings } = {}): Runtime {
    let s: unknown = snapshot;
    if (typeof s === "string") {
      try { s = JSON.parse(s); } catch (e) { throw new ArtifactError(`snapshot: invalid JSON (${(e as Error).message})`); }
    }
    if (s === null || typeof s !== "object" || Array.isArray(s)) throw new ArtifactError("snapshot: must be an object");
    const o = s as Record<string, unknown>;
    const keys = ["format", "version", "program", "state", "steps", "max_steps"];
    for (const k of Object.keys(o)) if (!keys.includes(k)) throw new ArtifactError(`snapshot: unknown field ${JSON.stringify(k)}`);
    for (const k of keys) if (!(k in o)) throw new ArtifactError(`snapshot: missing field ${JSON.stringify(k)}`);
    if (o.format !== "tensorcode.snapshot") throw new ArtifactError("snapshot.format: expected \"tensorcode.snapshot\"");
    if (o.version !== 1) throw new ArtifactError(`snapshot.version: unsupported snapshot version ${JSON.stringify(o.version)}`);
    const program = Program.fromJSON(o.program, { bindings: opts.bindings ?? {} });
    const max = o.max_steps;
    const steps = o.steps;
    if (typeof max !== "number" || !Number.isInteger(max) || max < 0) throw new ArtifactError("snapshot.max_steps: must be a non-negative integer");
    if (typeof steps !== "number" || !Number.isInteger(steps) || steps < 0 || steps > max) throw new ArtifactError("snapshot.steps: must be an integer in [0, max_steps]");
    const st = o.state;
    if (st === null || typeof st !== "object" || Array.isArray(st)) throw new ArtifactError("snapshot.state: must be an object");
    const names = program.stateNodes.map((id) => program.nodes[id]!.name!);
    for (const k of Object.keys(st)) if (!names.includes(k)) throw new ArtifactError(`snapshot.state: unknown state ${JSON.stringify(k)}`);
    const state: Record<string, number> = {};
    for (const id of program.stateNodes) {
      const nd = program.nodes[id]!;
      const v = (st as Record<string, unknown>)[nd.name!];
      if (v === undefined) throw new ArtifactError(`snapshot.state: missing state ${JSON.stringify(nd.name)}`);
      try {
        state[nd.name!] = acceptValue(v, nd.domain, id, `state ${nd.name}`);
      } catch (e) {
        throw new ArtifactError(`snapshot.state.${nd.name}: ${(e as Error).message}`);
      }
    }
    const rt = new Runtime(program, { maxSteps: max, state });
    rt._steps = steps;
    return rt;
  }
}
