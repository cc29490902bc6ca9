// Program (§12), gradients (§13), verify (§14), schedule/graph (§15).
import { acceptValue, Domain } from "./domain.js";
import { EvaluationError, ProgramError, VerificationError, DomainError } from "./errors.js";
import { Analysis, analyzeData, assertProgramLike, optimizeData } from "./analysis.js";
import { backward, Bindings, EvalState, evaluate, evaluateHybridBranches, Plan } from "./evaluator.js";
import { DType, IRNode, parseArtifact, ProgramData, Semantics, toArtifact, nodeToJSON } from "./ir.js";

export type Inputs = Record<string, number | boolean>;
export type Outputs = Record<string, number>;
export interface RunOptions { state?: Record<string, number | boolean> | null }
export interface GradientOptions extends RunOptions { output?: string | null; cotangents?: Record<string, number> | null }

export class Program {
  readonly data: ProgramData;
  readonly bindings: Bindings;
  private _plan: Plan | null = null;
  private readonly inputIds: number[] = [];
  private readonly paramIds: number[] = [];
  private readonly stateIds: number[] = [];

  constructor(data: ProgramData, bindings: Bindings = {}) {
    this.data = data;
    this.bindings = { ...bindings };
    for (const nd of data.nodes) {
      if (nd.op === "input") this.inputIds.push(nd.id);
      else if (nd.op === "parameter") this.paramIds.push(nd.id);
      else if (nd.op === "state") this.stateIds.push(nd.id);
    }
  }

  static fromJSON(textOrObject: unknown, opts: { bindings?: Bindings; maxNodes?: number } = {}): Program {
    return new Program(parseArtifact(textOrObject, opts.maxNodes ?? 100000), opts.bindings ?? {});
  }

  get plan(): Plan {
    if (this._plan === null) this._plan = new Plan(this.data, this.bindings);
    return this._plan;
  }
  get semantics(): Semantics { return this.data.semantics; }
  get surrogate(): string { return this.data.surrogate; }
  get temperature(): number { return this.data.temperature; }
  get dtype(): DType { return this.data.dtype; }
  get nodes(): readonly IRNode[] { return this.data.nodes; }
  get inputs(): Record<string, Domain> {
    const o: Record<string, Domain> = {};
    for (const id of this.inputIds) { const nd = this.data.nodes[id]!; o[nd.name!] = nd.domain; }
    return o;
  }
  get inputNodes(): readonly number[] { return this.inputIds; }
  get parameterNodes(): readonly number[] { return this.paramIds; }
  get stateNodes(): readonly number[] { return this.stateIds; }
  get outputs(): string[] { return this.data.outputs.map(([k]) => k); }
  get parameters(): Record<string, number> {
    const o: Record<string, number> = {};
    for (const id of this.paramIds) { const nd = this.data.nodes[id]!; o[nd.name!] = nd.value as number; }
    return o;
  }
  get initialState(): Record<string, number> {
    const o: Record<string, number> = {};
    for (const id of this.stateIds) { const nd = this.data.nodes[id]!; o[nd.name!] = nd.value as number; }
    return o;
  }
  get hasState(): boolean { return this.stateIds.length > 0; }
  get hasCalls(): boolean { return this.data.nodes.some((n) => n.op === "call"); }

  /** Accept inputs and state (§5.1); returns leaf values by node id (not yet rounded). */
  prepareLeaves(inputs: Inputs, state?: Record<string, number | boolean> | null): Float64Array {
    if (inputs === null || typeof inputs !== "object") throw new ProgramError("inputs must be an object of input values");
    const vals = new Float64Array(this.data.nodes.length);
    const names = new Set<string>();
    for (const id of this.inputIds) {
      const nd = this.data.nodes[id]!;
      names.add(nd.name!);
      if (!Object.prototype.hasOwnProperty.call(inputs, nd.name!)) throw new ProgramError(`missing input ${JSON.stringify(nd.name)}`);
    }
    for (const k of Object.keys(inputs)) if (!names.has(k)) throw new ProgramError(`unknown input ${JSON.stringify(k)}`);
    for (const id of this.inputIds) {
      const nd = this.data.nodes[id]!;
      vals[id] = this.acceptLeaf(inputs[nd.name!], nd, `input ${nd.name}`);
    }
    for (const id of this.paramIds) vals[id] = this.data.nodes[id]!.value as number;
    const st = this.acceptState(state);
    this.stateIds.forEach((id, i) => { vals[id] = st[i]!; });
    return vals;
  }

  /** Accept a full state dict (or the initial values) in state order. */
  acceptState(state?: Record<string, number | boolean> | null): number[] {
    if (state === undefined || state === null) return this.stateIds.map((id) => this.data.nodes[id]!.value as number);
    if (typeof state !== "object") throw new ProgramError("state must be an object");
    const names = new Set(this.stateIds.map((id) => this.data.nodes[id]!.name!));
    for (const k of Object.keys(state)) if (!names.has(k)) throw new ProgramError(`unknown state ${JSON.stringify(k)}`);
    return this.stateIds.map((id) => {
      const nd = this.data.nodes[id]!;
      if (!Object.prototype.hasOwnProperty.call(state, nd.name!)) throw new ProgramError(`missing state ${JSON.stringify(nd.name)}`);
      return this.acceptLeaf(state[nd.name!], nd, `state ${nd.name}`);
    });
  }

  /**
   * §5.1 acceptance; in a float32 program a value that overflows float32 when
   * the leaf rounds it is rejected here as a DomainError (as the Python
   * component does), not later as non_finite.
   */
  acceptLeaf(v: unknown, nd: IRNode, what: string): number {
    const x = acceptValue(v, nd.domain, nd.id, what);
    if (this.data.dtype === "float32" && !Number.isFinite(Math.fround(x))) throw new DomainError(nd.id, `${what}: ${x} overflows float32`);
    return x;
  }

  private forward(inputs: Inputs, state: RunOptions["state"], roots: number[]): EvalState {
    const st = new EvalState(this.data.nodes.length);
    st.vals.set(this.prepareLeaves(inputs, state));
    evaluate(this.plan, st, roots);
    return st;
  }

  run(inputs: Inputs, opts: RunOptions = {}): Outputs {
    const st = this.forward(inputs, opts.state, this.data.outputs.map(([, id]) => id));
    const out: Outputs = {};
    for (const [k, id] of this.data.outputs) out[k] = st.vals[id]!;
    return out;
  }

  step(inputs: Inputs, opts: RunOptions = {}): [Outputs, Record<string, number>] {
    const roots = this.data.outputs.map(([, id]) => id).concat(this.data.updates.map(([, v]) => v));
    const leaves = this.prepareLeaves(inputs, opts.state);
    const st = new EvalState(this.data.nodes.length);
    st.vals.set(leaves);
    evaluate(this.plan, st, roots);
    const out: Outputs = {};
    for (const [k, id] of this.data.outputs) out[k] = st.vals[id]!;
    const next: Record<string, number> = {};
    // states without an update keep their (accepted) value
    for (const id of this.stateIds) next[this.data.nodes[id]!.name!] = leaves[id]!;
    for (const [sid, vid] of this.data.updates) {
      const snd = this.data.nodes[sid]!;
      const x = st.vals[vid]!;
      if (!snd.domain.contains(x)) throw new DomainError(sid, `next value ${x} of state ${JSON.stringify(snd.name)} outside ${snd.domain.toString()}`);
      next[snd.name!] = x;
    }
    return [out, next];
  }

  gradients(inputs: Inputs, opts: GradientOptions = {}): Record<string, number> {
    const outIds = new Map(this.data.outputs);
    let seeds: [number, number][];
    if (opts.cotangents !== undefined && opts.cotangents !== null) {
      seeds = [];
      for (const [k, c] of Object.entries(opts.cotangents)) {
        const id = outIds.get(k);
        if (id === undefined) throw new ProgramError(`unknown output ${JSON.stringify(k)}`);
        if (typeof c !== "number" || !Number.isFinite(c)) throw new ProgramError(`cotangent for ${JSON.stringify(k)} must be a finite number`);
        seeds.push([id, c]);
      }
    } else if (opts.output !== undefined && opts.output !== null) {
      const id = outIds.get(opts.output);
      if (id === undefined) throw new ProgramError(`unknown output ${JSON.stringify(opts.output)}`);
      seeds = [[id, 1]];
    } else {
      if (this.data.outputs.length !== 1) throw new ProgramError("output must be given for a program with several outputs");
      seeds = [[this.data.outputs[0]![1], 1]];
    }
    // the forward pass evaluates every output, as `run` does (an error in any
    // output raises, matching the Python component)
    const st = this.forward(inputs, opts.state, this.data.outputs.map(([, id]) => id).concat(seeds.map(([id]) => id)));
    evaluateHybridBranches(this.plan, st);
    const report = this.inputIds.filter((id) => this.data.nodes[id]!.differentiable).concat(this.paramIds);
    const g = backward(this.plan, st, { seeds, report });
    const res: Record<string, number> = {};
    for (const id of report) res[this.data.nodes[id]!.name!] = g[id]!;
    return res;
  }

  verify(reference: (inputs: Record<string, number | boolean>) => unknown,
    opts: { cases?: Iterable<Inputs> | null; maxCases?: number; atol?: number; rtol?: number } = {}): VerifyReport {
    if (typeof reference !== "function") throw new VerificationError("verify needs a reference function");
    const maxCases = opts.maxCases ?? 100000;
    const atol = opts.atol ?? 0;
    const rtol = opts.rtol ?? 0;
    let cases: Inputs[];
    let exhaustive = false;
    if (opts.cases === undefined || opts.cases === null) {
      const doms = this.inputIds.map((id) => this.data.nodes[id]!);
      let total = 1;
      for (const nd of doms) {
        if (nd.domain.type !== "int32" && nd.domain.type !== "boolean") throw new VerificationError(`input ${nd.name} has a floating domain; supply cases`);
        total *= nd.domain.hi - nd.domain.lo + 1;
        if (total > maxCases) throw new VerificationError(`${total} cases exceed max_cases ${maxCases}`);
      }
      cases = [];
      const rec = (k: number, acc: Inputs): void => {
        if (k === doms.length) { cases.push({ ...acc }); return; }
        const nd = doms[k]!;
        for (let x = nd.domain.lo; x <= nd.domain.hi; x++) { acc[nd.name!] = nd.domain.type === "boolean" ? x === 1 : x; rec(k + 1, acc); }
      };
      rec(0, {});
      exhaustive = true;
    } else {
      cases = [];
      for (const c of opts.cases) {
        cases.push(c);
        if (cases.length > maxCases) throw new VerificationError(`more than max_cases ${maxCases} cases`);
      }
    }
    const report: VerifyReport = { passed: true, cases: cases.length, exhaustive, both_failed: 0, failures: [] };
    for (const c of cases) {
      let actual: Outputs | null = null;
      let error: string | null = null;
      try { actual = this.run(c); } catch (e) {
        if (!(e instanceof EvaluationError)) throw e;
        error = e.message;
      }
      let expected: Outputs | null = null;
      let refFailed = false;
      try {
        const r = reference({ ...c });
        if (typeof r === "number" || typeof r === "boolean") expected = { result: Number(r) };
        else if (Array.isArray(r)) { expected = {}; r.forEach((x, i) => { expected![String(i)] = Number(x); }); }
        else if (r !== null && typeof r === "object") { expected = {}; for (const [k, x] of Object.entries(r)) expected[k] = Number(x); }
        else refFailed = true;
        if (expected && Object.values(expected).some((x) => !Number.isFinite(x))) refFailed = true;
      } catch { refFailed = true; }
      if (actual === null && refFailed) { report.both_failed++; continue; }
      let ok = actual !== null && !refFailed && expected !== null;
      if (ok) {
        const ka = Object.keys(actual!).sort().join("\u0000");
        const ke = Object.keys(expected!).sort().join("\u0000");
        ok = ka === ke && Object.keys(expected!).every((k) => Math.abs(actual![k]! - expected![k]!) <= atol + rtol * Math.abs(expected![k]!));
      }
      if (!ok) {
        report.passed = false;
        if (report.failures.length < 10) report.failures.push({ inputs: { ...c }, expected: refFailed ? null : expected, actual, error });
      }
    }
    return report;
  }

  artifact(): Record<string, unknown> { return toArtifact(this.data); }
  toJSON(): Record<string, unknown> { return this.artifact(); }
  stringify(indent?: number): string { return JSON.stringify(this.artifact(), null, indent); }

  withParameters(values: Record<string, number>): Program {
    const byName = new Map(this.paramIds.map((id) => [this.data.nodes[id]!.name!, id]));
    const nodes = this.data.nodes.slice();
    for (const [k, x] of Object.entries(values)) {
      const id = byName.get(k);
      if (id === undefined) throw new ProgramError(`unknown parameter ${JSON.stringify(k)}`);
      const nd = nodes[id]!;
      let v = acceptValue(x, nd.domain, id, `parameter ${k}`);
      if (this.data.dtype === "float32") v = Math.fround(v);
      nodes[id] = { ...nd, value: v };
    }
    return new Program({ ...this.data, nodes }, this.bindings);
  }

  freeze(names?: string[] | null): Program {
    const byName = new Map(this.paramIds.map((id) => [this.data.nodes[id]!.name!, id]));
    const ids = names === undefined || names === null ? this.paramIds.slice() : names.map((k) => {
      const id = byName.get(k);
      if (id === undefined) throw new ProgramError(`unknown parameter ${JSON.stringify(k)}`);
      return id;
    });
    const nodes = this.data.nodes.slice();
    for (const id of ids) {
      const nd = nodes[id]!;
      const c: IRNode = { id, op: "constant", args: [], domain: nd.domain, differentiable: false, source: nd.source, value: nd.value as number };
      if (nd.semantics !== undefined) c.semantics = nd.semantics;
      if (nd.surrogate !== undefined) c.surrogate = nd.surrogate;
      if (nd.temperature !== undefined) c.temperature = nd.temperature;
      nodes[id] = c;
    }
    return new Program({ ...this.data, nodes }, this.bindings);
  }

  /** §15.1: checked constant folding, affine packing, dead-code elimination. */
  optimize(): Program {
    return new Program(optimizeData(this.data), this.bindings);
  }

  /**
   * §14.3: returns `candidate` after exhaustive finite-domain agreement,
   * raising VerificationError naming the first failed condition otherwise.
   */
  verifiedReplacement(candidate: Program, opts: { maxCases?: number } = {}): Program {
    const maxCases = opts.maxCases ?? 100000;
    if (!(candidate instanceof Program)) throw new ProgramError("verifiedReplacement needs a Program");
    if (this.paramIds.length > 0 || candidate.paramIds.length > 0) throw new VerificationError("parameters must be frozen (condition 1)");
    if (this.hasState || candidate.hasState || this.hasCalls || candidate.hasCalls) throw new VerificationError("programs with state or call nodes cannot be replaced (condition 2)");
    const mine = this.inputIds.map((id) => this.data.nodes[id]!);
    const theirs = candidate.inputIds.map((id) => candidate.data.nodes[id]!);
    if (mine.length !== theirs.length || mine.some((n, i) => n.name !== theirs[i]!.name || !n.domain.equals(theirs[i]!.domain))
      || this.outputs.join("\u0000") !== candidate.outputs.join("\u0000"))
      throw new VerificationError("the signatures differ: input names, order, domains or output names (condition 3)");
    let total = 1;
    for (const n of mine) {
      if (n.domain.type !== "int32" && n.domain.type !== "boolean") throw new VerificationError(`input ${n.name} has a floating domain (condition 4)`);
      total *= n.domain.hi - n.domain.lo + 1;
      if (total > maxCases) throw new VerificationError(`the enumeration exceeds max_cases ${maxCases} (condition 4)`);
    }
    const values: number[] = new Array(mine.length).fill(0);
    const check = (): void => {
      const c: Inputs = {};
      mine.forEach((n, i) => { c[n.name!] = values[i]!; });
      let a: Outputs | null = null, b: Outputs | null = null;
      let ea = false, eb = false;
      try { a = this.run(c); } catch (e) { if (!(e instanceof EvaluationError)) throw e; ea = true; }
      try { b = candidate.run(c); } catch (e) { if (!(e instanceof EvaluationError)) throw e; eb = true; }
      if (ea && eb) return;
      if (ea !== eb || Object.keys(a!).some((k) => a![k] !== b![k]))
        throw new VerificationError(`the programs differ at ${JSON.stringify(c)} (condition 5)`);
    };
    const rec = (k: number): void => {
      if (k === mine.length) { check(); return; }
      for (let x = mine[k]!.domain.lo; x <= mine[k]!.domain.hi; x++) { values[k] = x; rec(k + 1); }
    };
    rec(0);
    return candidate;
  }

  schedule(): number[][] {
    const layer = new Int32Array(this.data.nodes.length);
    const layers: number[][] = [];
    for (const nd of this.data.nodes) {
      let l = 0;
      for (const a of nd.args) l = Math.max(l, layer[a]! + 1);
      layer[nd.id] = l;
      (layers[l] ??= []).push(nd.id);
    }
    return layers;
  }

  graph(): { nodes: Record<string, unknown>[]; outputs: Record<string, number>; updates: Map<number, number> } {
    const outputs: Record<string, number> = {};
    for (const [k, v] of this.data.outputs) outputs[k] = v;
    return { nodes: this.data.nodes.map((nd) => nodeToJSON(nd, this.data)), outputs, updates: new Map(this.data.updates) };
  }
}

export interface VerifyReport {
  passed: boolean;
  cases: number;
  exhaustive: boolean;
  both_failed: number;
  failures: { inputs: Inputs; expected: Outputs | null; actual: Outputs | null; error: string | null }[];
}

/** §15.3: interval analysis (diagnostic; the run-time checks decide). */
export function analyze(program: Program): Analysis {
  assertProgramLike(program);
  return analyzeData(program.data);
}
