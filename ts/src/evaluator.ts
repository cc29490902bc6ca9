// CPU reference evaluator (§6–9, §13): demand-driven forward pass with liveness,
// per-node checks, exact/relaxed/hybrid semantics, binary64 or float32 rounding,
// and the reverse pass (VJPs of §8.2).
import { Domain } from "./domain.js";
import { EvaluationError, DomainError, GradientError, makeEvaluationError } from "./errors.js";
import type { AffineValue, IRNode, OneHotValue, ProgramData, SparseAffineValue } from "./ir.js";

export type Forward = (...args: number[]) => number;
export type Vjp = (args: number[], result: number) => ArrayLike<number>;
export type Binding = [Forward, Vjp | null] | { forward: Forward; vjp?: Vjp | null };
export type Bindings = Record<string, Binding>;

export function bindingForward(b: Binding): Forward {
  return Array.isArray(b) ? b[0] : b.forward;
}
export function bindingVjp(b: Binding): Vjp | null {
  return Array.isArray(b) ? (b[1] ?? null) : (b.vjp ?? null);
}

const EXACT = 0;
const RELAXED = 1;
const HYBRID = 2;

/** Numerically stable logistic function of §7 (`sigmoid` op). */
export function sigmoid(a: number): number {
  if (a >= 0) return 1 / (1 + Math.exp(-a));
  const e = Math.exp(a);
  return e / (1 + e);
}

/** G(d) = exp(-(d/T)^2), §8.1. */
export function gauss(d: number, t: number): number {
  const q = d / t;
  return Math.exp(-(q * q));
}

function copysign0(x: number): number {
  return x < 0 || Object.is(x, -0) ? -0 : 0;
}

/** CPython float divmod (§7.1); b must be non-zero. Returns [floordiv, mod]. */
export function pyDivmod(a: number, b: number): [number, number] {
  let mod = a % b;
  let div = (a - mod) / b;
  if (mod !== 0) {
    if ((b < 0) !== (mod < 0)) {
      mod += b;
      div -= 1.0;
    }
  } else {
    mod = copysign0(b);
  }
  let q: number;
  if (div !== 0) {
    q = Math.floor(div);
    if (div - q > 0.5) q += 1.0;
  } else {
    q = copysign0(a / b);
  }
  return [q, mod];
}

const id64 = (x: number): number => x;

/** Per-program evaluation plan: node settings resolved once. */
export class Plan {
  readonly data: ProgramData;
  readonly n: number;
  readonly sem: Uint8Array;
  readonly temp: Float64Array;
  readonly f32: boolean;
  readonly round: (x: number) => number;
  readonly bindings: Bindings;
  constructor(data: ProgramData, bindings: Bindings = {}) {
    this.data = data;
    this.n = data.nodes.length;
    this.sem = new Uint8Array(this.n);
    this.temp = new Float64Array(this.n);
    for (const nd of data.nodes) {
      const s = nd.semantics ?? data.semantics;
      this.sem[nd.id] = s === "exact" ? EXACT : s === "relaxed" ? RELAXED : HYBRID;
      this.temp[nd.id] = nd.temperature ?? data.temperature;
    }
    this.f32 = data.dtype === "float32";
    this.round = this.f32 ? Math.fround : id64;
    this.bindings = bindings;
  }
}

export class EvalState {
  readonly vals: Float64Array;
  readonly done: Uint8Array;
  constructor(n: number) {
    this.vals = new Float64Array(n);
    this.done = new Uint8Array(n);
  }
}

function is01(x: number): boolean {
  return x === 0 || x === 1;
}

/**
 * Returns the next argument id that must be evaluated before `id` can be
 * computed, or -1 when `id` is ready. Performs the decision checks of
 * select / gather / gather_one_hot under exact and hybrid semantics.
 */
function nextNeed(plan: Plan, st: EvalState, nd: IRNode): number {
  const args = nd.args;
  const done = st.done;
  const vals = st.vals;
  if (plan.sem[nd.id] !== RELAXED) {
    switch (nd.op) {
      case "select": {
        const c = args[0]!;
        if (!done[c]) return c;
        const cv = vals[c]!;
        if (!is01(cv)) throw new DomainError(nd.id, `select condition ${cv} is not 0 or 1`);
        const br = cv === 1 ? args[1]! : args[2]!;
        return done[br] ? -1 : br;
      }
      case "gather": {
        const i = args[0]!;
        if (!done[i]) return i;
        const iv = vals[i]!;
        if (!Number.isInteger(iv) || iv < 0 || iv > args.length - 2)
          throw new EvaluationError("invalid_index", nd.id, `gather index ${iv} not an integer in [0, ${args.length - 2}]`);
        const v = args[1 + iv]!;
        return done[v] ? -1 : v;
      }
      case "gather_one_hot": {
        const m = args.length / 2;
        for (let k = 0; k < m; k++) if (!done[args[k]!]) return args[k]!;
        const chosen = oneHotChoice(nd, vals);
        const v = args[m + chosen]!;
        return done[v] ? -1 : v;
      }
    }
  }
  for (let k = 0; k < args.length; k++) if (!done[args[k]!]) return args[k]!;
  return -1;
}

function oneHotChoice(nd: IRNode, vals: Float64Array): number {
  const m = nd.args.length / 2;
  let chosen = -1;
  for (let k = 0; k < m; k++) {
    const s = vals[nd.args[k]!]!;
    if (s === 1) {
      if (chosen >= 0) throw new EvaluationError("one_hot", nd.id, "gather_one_hot: more than one selector is 1");
      chosen = k;
    } else if (s !== 0) throw new EvaluationError("one_hot", nd.id, `gather_one_hot: selector ${s} is not 0 or 1`);
  }
  if (chosen < 0) throw new EvaluationError("one_hot", nd.id, "gather_one_hot: no selector is 1");
  return chosen;
}

function affineEval(r: (x: number) => number, w: number[], bias: number | null, xs: number[]): number {
  if (xs.length === 0) return bias === null ? 0 : bias;
  let acc: number;
  let i0: number;
  if (bias !== null) {
    acc = bias;
    i0 = 0;
  } else {
    acc = r(w[0]! * xs[0]!);
    i0 = 1;
  }
  for (let i = i0; i < xs.length; i++) acc = r(acc + r(w[i]! * xs[i]!));
  return acc;
}

function callBinding(plan: Plan, nd: IRNode, xs: number[]): number {
  const b = plan.bindings[nd.name!];
  if (b === undefined) throw new EvaluationError("unbound_call", nd.id, `call ${JSON.stringify(nd.name)} has no binding`);
  let r: unknown;
  try {
    r = bindingForward(b)(...xs);
  } catch (e) {
    throw new EvaluationError("binding", nd.id, `binding ${JSON.stringify(nd.name)} raised: ${(e as Error)?.message ?? e}`);
  }
  if (typeof r === "boolean") r = r ? 1 : 0;
  if (typeof r !== "number" || !Number.isFinite(r))
    throw new EvaluationError("binding", nd.id, `binding ${JSON.stringify(nd.name)} returned ${String(r)}`);
  return r;
}

/** Compute one node whose needed arguments are available (unrounded result). */
function computeRaw(plan: Plan, st: EvalState, nd: IRNode): number {
  const v = st.vals;
  const a = nd.args;
  const sem = plan.sem[nd.id]!;
  const T = plan.temp[nd.id]!;
  const A = (): number => v[a[0]!]!;
  const B = (): number => v[a[1]!]!;
  switch (nd.op) {
    case "input": case "parameter": case "state":
      return v[nd.id]!;
    case "constant":
      return nd.value as number;
    case "add": return A() + B();
    case "sub": return A() - B();
    case "mul": return A() * B();
    case "div": {
      const b = B();
      if (b === 0) throw new EvaluationError("division_by_zero", nd.id, "division by zero");
      return A() / b;
    }
    case "floordiv": case "mod": {
      const b = B();
      if (b === 0) throw new EvaluationError("division_by_zero", nd.id, `${nd.op} by zero`);
      const r = pyDivmod(A(), b);
      return nd.op === "floordiv" ? r[0] : r[1];
    }
    case "neg": return -A();
    case "abs": return Math.abs(A());
    case "min": { const x = A(), y = B(); return y < x ? y : x; }
    case "max": { const x = A(), y = B(); return y > x ? y : x; }
    case "relu": { const x = A(); return x > 0 ? x : 0.0; }
    case "sigmoid": return sigmoid(A());
    case "lt": return sem === RELAXED ? sigmoid((B() - A()) / T) : A() < B() ? 1 : 0;
    case "le": return sem === RELAXED ? sigmoid((B() - A()) / T) : A() <= B() ? 1 : 0;
    case "gt": return sem === RELAXED ? sigmoid((A() - B()) / T) : A() > B() ? 1 : 0;
    case "ge": return sem === RELAXED ? sigmoid((A() - B()) / T) : A() >= B() ? 1 : 0;
    case "eq": return sem === RELAXED ? gauss(A() - B(), T) : A() === B() ? 1 : 0;
    case "ne": return sem === RELAXED ? 1 - gauss(A() - B(), T) : A() !== B() ? 1 : 0;
    case "and": case "or": case "not": {
      const xs = a.map((k) => v[k]!);
      for (const x of xs) {
        if (sem === RELAXED ? !(x >= 0 && x <= 1) : !is01(x))
          throw new DomainError(nd.id, `${nd.op} argument ${x} is not ${sem === RELAXED ? "in [0, 1]" : "0 or 1"}`);
      }
      if (nd.op === "not") return 1 - xs[0]!;
      const x = xs[0]!, y = xs[1]!;
      return nd.op === "and" ? x * y : x + y - x * y;
    }
    case "select": {
      const c = A();
      if (sem !== RELAXED) return c === 1 ? B() : v[a[2]!]!;
      if (!(c >= 0 && c <= 1)) throw new DomainError(nd.id, `select condition ${c} is not in [0, 1]`);
      return c * B() + (1 - c) * v[a[2]!]!;
    }
    case "gather": {
      const i = A();
      if (sem !== RELAXED) return v[a[1 + i]!]!;
      const n = a.length - 1;
      if (!(i >= 0 && i <= n - 1)) throw new EvaluationError("invalid_index", nd.id, `gather index ${i} outside [0, ${n - 1}]`);
      let acc = gauss(i, T) * v[a[1]!]!;
      for (let k = 1; k < n; k++) acc = acc + gauss(i - k, T) * v[a[1 + k]!]!;
      return acc;
    }
    case "one_hot": {
      const x = A();
      const oh = nd.value as OneHotValue;
      if (sem === RELAXED) {
        if (!(x >= 0 && x <= oh.size - 1)) throw new EvaluationError("invalid_index", nd.id, `one_hot index ${x} outside [0, ${oh.size - 1}]`);
        return gauss(x - oh.position, T);
      }
      if (!Number.isInteger(x) || x < 0 || x > oh.size - 1)
        throw new EvaluationError("invalid_index", nd.id, `one_hot index ${x} not an integer in [0, ${oh.size - 1}]`);
      return x === oh.position ? 1 : 0;
    }
    case "gather_one_hot": {
      const m = a.length / 2;
      if (sem !== RELAXED) return v[a[m + oneHotChoice(nd, v)]!]!;
      let acc = 0;
      for (let k = 0; k < m; k++) {
        const s = v[a[k]!]!;
        if (!(s >= 0 && s <= 1)) throw new DomainError(nd.id, `gather_one_hot selector ${s} is not in [0, 1]`);
        acc = k === 0 ? s * v[a[m]!]! : acc + s * v[a[m + k]!]!;
      }
      return acc;
    }
    case "affine": case "sparse_affine": {
      const av = nd.value as AffineValue | SparseAffineValue;
      return affineEval(plan.round, av.weights, av.bias, a.map((k) => v[k]!));
    }
    case "call":
      return callBinding(plan, nd, a.map((k) => v[k]!));
  }
  throw new EvaluationError("domain", nd.id, `unknown op ${nd.op}`);
}

/** Check a computed (or leaf) value against finiteness and the node's domain (§9.2). */
export function checkValue(nd: IRNode, x: number): void {
  if (!Number.isFinite(x)) throw new EvaluationError("non_finite", nd.id, `node ${nd.id} (${nd.op}) produced ${x}`);
  if (!domainContains(nd.domain, x)) throw new DomainError(nd.id, `node ${nd.id} (${nd.op}) value ${x} outside ${nd.domain.toString()}`);
}

function domainContains(d: Domain, x: number): boolean {
  return d.contains(x);
}

/** Evaluate (demand-driven) every node needed for `roots`. */
export function evaluate(plan: Plan, st: EvalState, roots: number[]): void {
  const nodes = plan.data.nodes;
  const done = st.done;
  const stack: number[] = [];
  for (const root of roots) {
    if (done[root]) continue;
    stack.push(root);
    while (stack.length > 0) {
      const id = stack[stack.length - 1]!;
      if (done[id]) { stack.pop(); continue; }
      const nd = nodes[id]!;
      const need = nextNeed(plan, st, nd);
      if (need >= 0) { stack.push(need); continue; }
      const x = plan.round(computeRaw(plan, st, nd));
      checkValue(nd, x);
      st.vals[id] = x;
      done[id] = 1;
      stack.pop();
    }
  }
}

/** Hybrid backward: evaluate the inactive branch of every live hybrid select (§9.1). */
export function evaluateHybridBranches(plan: Plan, st: EvalState): void {
  const nodes = plan.data.nodes;
  for (let id = plan.n - 1; id >= 0; id--) {
    if (!st.done[id] || plan.sem[id] !== HYBRID) continue;
    const nd = nodes[id]!;
    if (nd.op !== "select") continue;
    evaluate(plan, st, [nd.args[1]!, nd.args[2]!]);
  }
}

/** Arguments through which cotangents flow (the backward evaluation set edges). */
function backwardArgs(plan: Plan, st: EvalState, nd: IRNode): number[] {
  const sem = plan.sem[nd.id]!;
  const a = nd.args;
  const v = st.vals;
  switch (nd.op) {
    case "input": case "parameter": case "state": case "constant": case "floordiv":
      return [];
    case "lt": case "le": case "gt": case "ge": case "eq": case "ne": case "and": case "or": case "not": case "one_hot":
      return sem === EXACT ? [] : a;
    case "select":
      if (sem === EXACT) return [v[a[0]!] === 1 ? a[1]! : a[2]!];
      return a;
    case "gather":
      if (sem === RELAXED) return a;
      return [a[1 + v[a[0]!]!]!];
    case "gather_one_hot": {
      if (sem === RELAXED) return a;
      const m = a.length / 2;
      for (let k = 0; k < m; k++) if (v[a[k]!] === 1) return [a[m + k]!];
      return [];
    }
  }
  return a;
}

export interface GradientRequest {
  /** node id → cotangent */
  seeds: [number, number][];
  /** node ids of reported leaves */
  report: number[];
}

/** Reverse pass (§8.2, §13). Returns the binary64 gradient per node id. */
export function backward(plan: Plan, st: EvalState, req: GradientRequest): Float64Array {
  const nodes = plan.data.nodes;
  const n = plan.n;
  const v = st.vals;
  const g = new Float64Array(n);
  const inSet = new Uint8Array(n);
  for (const [id, c] of req.seeds) { g[id] = g[id]! + c; inSet[id] = 1; }
  const bargs: (number[] | null)[] = new Array(n).fill(null);
  for (let id = n - 1; id >= 0; id--) {
    if (!inSet[id]) continue;
    const ba = backwardArgs(plan, st, nodes[id]!);
    bargs[id] = ba;
    for (const k of ba) inSet[k] = 1;
  }
  // dependency on reported leaves, for the GradientError rule of §17
  const dep = new Uint8Array(n);
  for (const r of req.report) dep[r] = 1;
  for (let id = 0; id < n; id++) {
    if (dep[id]) continue;
    for (const k of nodes[id]!.args) if (dep[k]) { dep[id] = 1; break; }
  }
  for (let id = n - 1; id >= 0; id--) {
    if (!inSet[id]) continue;
    const nd = nodes[id]!;
    const gi = g[id]!;
    if (!Number.isFinite(gi)) throw new EvaluationError("non_finite", id, `gradient at node ${id} is ${gi}`);
    const a = nd.args;
    const sem = plan.sem[id]!;
    const T = plan.temp[id]!;
    const add = (k: number, x: number): void => { g[k] = g[k]! + x; };
    const A = (): number => v[a[0]!]!;
    const B = (): number => v[a[1]!]!;
    if (nd.op === "call") {
      const b = plan.bindings[nd.name!];
      const vjp = b === undefined ? null : bindingVjp(b);
      const needs = a.some((k) => dep[k]);
      if ((vjp === null || !nd.differentiable) && needs)
        throw new GradientError(id, `call ${JSON.stringify(nd.name)} has no VJP`);
      if (vjp === null || !nd.differentiable) continue;
      const xs = a.map((k) => v[k]!);
      let d: ArrayLike<number>;
      try {
        d = vjp(xs, v[id]!);
      } catch (e) {
        throw new EvaluationError("binding", id, `VJP of ${JSON.stringify(nd.name)} raised: ${(e as Error)?.message ?? e}`);
      }
      if (d === null || typeof d !== "object" || d.length !== a.length)
        throw new EvaluationError("binding", id, `VJP of ${JSON.stringify(nd.name)} returned the wrong length`);
      for (let j = 0; j < a.length; j++) {
        const dj = d[j];
        if (typeof dj !== "number" || !Number.isFinite(dj)) throw new EvaluationError("binding", id, `VJP of ${JSON.stringify(nd.name)} returned ${String(dj)}`);
        add(a[j]!, gi * dj);
      }
      continue;
    }
    if (gi === 0) continue;
    switch (nd.op) {
      case "input": case "parameter": case "state": case "constant": case "floordiv":
        break;
      case "add": add(a[0]!, gi); add(a[1]!, gi); break;
      case "sub": add(a[0]!, gi); add(a[1]!, -gi); break;
      case "mul": add(a[0]!, gi * B()); add(a[1]!, gi * A()); break;
      case "div": { const b = B(); add(a[0]!, gi / b); add(a[1]!, -gi * A() / (b * b)); break; }
      case "neg": add(a[0]!, -gi); break;
      case "abs": { const x = A(); add(a[0]!, x > 0 ? gi : x < 0 ? -gi : 0); break; }
      case "mod": add(a[0]!, gi); add(a[1]!, -gi * pyDivmod(A(), B())[0]); break;
      case "min": { const x = A(), y = B(); if (y < x) add(a[1]!, gi); else add(a[0]!, gi); break; }
      case "max": { const x = A(), y = B(); if (y > x) add(a[1]!, gi); else add(a[0]!, gi); break; }
      case "relu": if (A() > 0) add(a[0]!, gi); break;
      case "sigmoid": { const s = v[id]!; add(a[0]!, gi * s * (1 - s)); break; }
      case "gt": case "ge": case "lt": case "le": {
        if (sem === EXACT) break;
        const up = nd.op === "gt" || nd.op === "ge";
        const s = sigmoid((up ? A() - B() : B() - A()) / T);
        const d = (s * (1 - s)) / T;
        if (up) { add(a[0]!, gi * d); add(a[1]!, -gi * d); } else { add(a[0]!, -gi * d); add(a[1]!, gi * d); }
        break;
      }
      case "eq": case "ne": {
        if (sem === EXACT) break;
        const diff = A() - B();
        const e = gauss(diff, T);
        let d = (-2 * diff * e) / (T * T);
        if (nd.op === "ne") d = -d;
        add(a[0]!, gi * d); add(a[1]!, -gi * d);
        break;
      }
      case "and": if (sem !== EXACT) { add(a[0]!, gi * B()); add(a[1]!, gi * A()); } break;
      case "or": if (sem !== EXACT) { add(a[0]!, gi * (1 - B())); add(a[1]!, gi * (1 - A())); } break;
      case "not": if (sem !== EXACT) add(a[0]!, -gi); break;
      case "select": {
        const c = A();
        if (sem === EXACT) { add(c === 1 ? a[1]! : a[2]!, gi); break; }
        add(a[0]!, gi * (B() - v[a[2]!]!));
        add(a[1]!, gi * c);
        add(a[2]!, gi * (1 - c));
        break;
      }
      case "gather": {
        const i = A();
        if (sem !== RELAXED) { add(a[1 + i]!, gi); break; }
        let di = 0;
        for (let k = 0; k < a.length - 1; k++) {
          const e = gauss(i - k, T);
          add(a[1 + k]!, gi * e);
          di += v[a[1 + k]!]! * ((-2 * (i - k)) / (T * T)) * e;
        }
        add(a[0]!, gi * di);
        break;
      }
      case "one_hot": {
        if (sem !== RELAXED) break;
        const k = (nd.value as OneHotValue).position;
        const x = A();
        add(a[0]!, gi * ((-2 * (x - k)) / (T * T)) * gauss(x - k, T));
        break;
      }
      case "gather_one_hot": {
        const m = a.length / 2;
        for (let k = 0; k < m; k++) {
          const s = v[a[k]!]!;
          if (sem === RELAXED) { add(a[m + k]!, gi * s); add(a[k]!, gi * v[a[m + k]!]!); }
          else if (s === 1) add(a[m + k]!, gi);
        }
        break;
      }
      case "affine": case "sparse_affine": {
        const w = (nd.value as AffineValue).weights;
        for (let j = 0; j < a.length; j++) add(a[j]!, gi * w[j]!);
        break;
      }
    }
  }
  for (const r of req.report) {
    if (!Number.isFinite(g[r]!)) throw new EvaluationError("non_finite", r, `gradient for node ${r} is ${g[r]}`);
  }
  return g;
}

export { makeEvaluationError };
