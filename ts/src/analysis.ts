// optimize (§15.1) and analyze (§15.3). The algorithms follow the project's
// C++ passes (src/circuit/optimize.cpp, analysis.cpp) so that both languages
// produce the same optimized artifacts and the same diagnostics.
import { EvaluationError, ProgramError } from "./errors.js";
import { EvalState, evaluate, Plan, sigmoid } from "./evaluator.js";
import type { AffineValue, IRNode, OneHotValue, ProgramData, SparseAffineValue } from "./ir.js";

const LEAVES = new Set(["input", "parameter", "state", "constant"]);

function isDefaultDomain(data: ProgramData, n: IRNode): boolean {
  return n.domain.type === data.dtype && n.domain.min === null && n.domain.max === null;
}

/** Pass 1: checked constant folding, in place, in node order. */
function foldConstants(data: ProgramData, nodes: IRNode[]): void {
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i]!;
    if (LEAVES.has(n.op) || n.op === "call" || n.args.length === 0) continue;
    if (!n.args.every((a) => nodes[a]!.op === "constant")) continue;
    const plan = new Plan({ ...data, nodes });
    const st = new EvalState(nodes.length);
    try {
      evaluate(plan, st, [i]);
    } catch (e) {
      if (e instanceof EvaluationError) continue;
      throw e;
    }
    const k: IRNode = { id: i, op: "constant", args: [], domain: n.domain, differentiable: false, source: n.source, value: st.vals[i]! };
    nodes[i] = k;
  }
}

/** Pass 2: left-leaning add/sub chains become one affine node with the same roundings (§7.2). */
function packAffine(data: ProgramData, nodes: IRNode[]): void {
  const count = new Int32Array(nodes.length);
  const rooted = new Uint8Array(nodes.length);
  for (const n of nodes) for (const a of n.args) count[a]!++;
  for (const [, id] of data.outputs) rooted[id] = 1;
  for (const [, id] of data.updates) rooted[id] = 1;
  const privateNode = (id: number): boolean => count[id] === 1 && !rooted[id] && isDefaultDomain(data, nodes[id]!);
  const isSum = (id: number): boolean => nodes[id]!.op === "add" || nodes[id]!.op === "sub";
  const intermediate = new Uint8Array(nodes.length);
  for (const n of nodes) if (isSum(n.id) && isSum(n.args[0]!) && privateNode(n.args[0]!)) intermediate[n.args[0]!] = 1;
  for (let r = 0; r < nodes.length; r++) {
    if (!isSum(r) || intermediate[r]) continue;
    const spine: number[] = [];
    let at = r;
    while (isSum(at) && (at === r || intermediate[at])) { spine.push(at); at = nodes[at]!.args[0]!; }
    spine.reverse();
    const terms: [number, number][] = [];
    let absorbed = false;
    const term = (t: number, sign: number): [number, number] => {
      const n = nodes[t]!;
      if (n.op === "neg" && privateNode(t)) { absorbed = true; return [n.args[0]!, -sign]; }
      if (n.op === "mul" && privateNode(t)) {
        const a = nodes[n.args[0]!]!, b = nodes[n.args[1]!]!;
        if (b.op === "constant" && a.op !== "constant") { absorbed = true; return [n.args[0]!, sign * (b.value as number)]; }
        if (a.op === "constant" && b.op !== "constant") { absorbed = true; return [n.args[1]!, sign * (a.value as number)]; }
      }
      return [t, sign];
    };
    let bias: number | null = null;
    const first = nodes[spine[0]!]!;
    if (nodes[first.args[0]!]!.op === "constant") bias = nodes[first.args[0]!]!.value as number;
    else terms.push(term(first.args[0]!, 1));
    for (const s of spine) { const n = nodes[s]!; terms.push(term(n.args[1]!, n.op === "sub" ? -1 : 1)); }
    if (spine.length < 2 && !absorbed) continue;
    const root = nodes[r]!;
    const aff: IRNode = {
      id: r, op: "affine", args: terms.map(([w]) => w), domain: root.domain, differentiable: true, source: root.source,
      value: { weights: terms.map(([, w]) => w), bias },
    };
    if (root.semantics !== undefined) aff.semantics = root.semantics;
    if (root.surrogate !== undefined) aff.surrogate = root.surrogate;
    if (root.temperature !== undefined) aff.temperature = root.temperature;
    nodes[r] = aff;
  }
}

/** Pass 3: drop non-leaf and constant nodes that no output or update reaches; renumber. */
function eliminateDead(data: ProgramData, nodes: IRNode[]): ProgramData {
  const keep = new Uint8Array(nodes.length);
  for (const [, id] of data.outputs) keep[id] = 1;
  for (const [, id] of data.updates) keep[id] = 1;
  for (let i = nodes.length - 1; i >= 0; i--) {
    const op = nodes[i]!.op;
    if (op === "input" || op === "parameter" || op === "state") keep[i] = 1;
    if (keep[i]) for (const a of nodes[i]!.args) keep[a] = 1;
  }
  const idOf = new Int32Array(nodes.length).fill(-1);
  const out: IRNode[] = [];
  for (let i = 0; i < nodes.length; i++) {
    if (!keep[i]) continue;
    idOf[i] = out.length;
    const n = nodes[i]!;
    out.push({ ...n, id: out.length, args: n.args.map((a) => idOf[a]!) });
  }
  return {
    ...data, nodes: out,
    outputs: data.outputs.map(([k, id]) => [k, idOf[id]!]),
    updates: data.updates.map(([s, id]) => [idOf[s]!, idOf[id]!]),
  };
}

export function optimizeData(data: ProgramData): ProgramData {
  const nodes = data.nodes.slice();
  foldConstants(data, nodes);
  packAffine(data, nodes);
  return eliminateDead(data, nodes);
}

export interface AnalysisIssue { node: number; op: string; kind: string; message: string }
export interface Analysis { intervals: [number, number][]; issues: AnalysisIssue[] }

export function analyzeData(data: ProgramData): Analysis {
  const f32 = data.dtype === "float32";
  const rnd = (v: number): number => (f32 ? Math.fround(v) : v);
  const maxFinite = f32 ? 3.4028234663852886e38 : Number.MAX_VALUE;
  const iv: [number, number][] = [];
  const issues: AnalysisIssue[] = [];
  const issue = (id: number, kind: string, message: string): void => { issues.push({ node: id, op: data.nodes[id]!.op, kind, message }); };
  const mul0 = (a: number, b: number): number => (a === 0 || b === 0 ? 0 : a * b);
  const mul = (a: [number, number], b: [number, number]): [number, number] => {
    const p = [mul0(a[0], b[0]), mul0(a[0], b[1]), mul0(a[1], b[0]), mul0(a[1], b[1])];
    return [rnd(Math.min(...p)), rnd(Math.max(...p))];
  };
  const add = (a: [number, number], b: [number, number]): [number, number] => [rnd(a[0] + b[0]), rnd(a[1] + b[1])];
  const hull = (a: [number, number], b: [number, number]): [number, number] => [Math.min(a[0], b[0]), Math.max(a[1], b[1])];
  const contains0 = (a: [number, number]): boolean => a[0] <= 0 && a[1] >= 0;
  const ALL: [number, number] = [-Infinity, Infinity];
  const node = (n: IRNode): [number, number] => {
    const id = n.id;
    const arg = (k: number): [number, number] => iv[n.args[k]!]!;
    const relaxed = (n.semantics ?? data.semantics) === "relaxed";
    const t = n.temperature ?? data.temperature;
    switch (n.op) {
      case "input": case "state": return [rnd(n.domain.lo), rnd(n.domain.hi)];
      case "parameter": case "constant": return [n.value as number, n.value as number];
      case "add": return add(arg(0), arg(1));
      case "sub": return add(arg(0), [-arg(1)[1], -arg(1)[0]]);
      case "mul": return mul(arg(0), arg(1));
      case "div": case "floordiv": case "mod": {
        const a = arg(0), b = arg(1);
        if (contains0(b)) { issue(id, "division_by_zero", "the divisor's interval contains 0"); return ALL; }
        if (n.op === "mod") return b[0] > 0 ? [0, b[1]] : [b[0], 0];
        const q = [a[0] / b[0], a[0] / b[1], a[1] / b[0], a[1] / b[1]];
        const r: [number, number] = [Math.min(...q), Math.max(...q)];
        if (n.op === "floordiv") return [Math.floor(r[0]), Math.floor(r[1])];
        return [rnd(r[0]), rnd(r[1])];
      }
      case "neg": return [-arg(0)[1], -arg(0)[0]];
      case "abs": {
        const a = arg(0);
        if (contains0(a)) return [0, Math.max(-a[0], a[1])];
        return [Math.min(Math.abs(a[0]), Math.abs(a[1])), Math.max(Math.abs(a[0]), Math.abs(a[1]))];
      }
      case "min": return [Math.min(arg(0)[0], arg(1)[0]), Math.min(arg(0)[1], arg(1)[1])];
      case "max": return [Math.max(arg(0)[0], arg(1)[0]), Math.max(arg(0)[1], arg(1)[1])];
      case "relu": return [Math.max(arg(0)[0], 0), Math.max(arg(0)[1], 0)];
      case "sigmoid": return [rnd(sigmoid(arg(0)[0])), rnd(sigmoid(arg(0)[1]))];
      case "lt": case "le": case "gt": case "ge": {
        const greater = n.op === "gt" || n.op === "ge";
        const a = greater ? arg(0) : arg(1), b = greater ? arg(1) : arg(0);
        if (relaxed) return [rnd(sigmoid((a[0] - b[1]) / t)), rnd(sigmoid((a[1] - b[0]) / t))];
        const strict = n.op === "gt" || n.op === "lt";
        if (strict ? a[0] > b[1] : a[0] >= b[1]) return [1, 1];
        if (strict ? a[1] <= b[0] : a[1] < b[0]) return [0, 0];
        return [0, 1];
      }
      case "eq": case "ne": {
        const a = arg(0), b = arg(1);
        const disjoint = a[1] < b[0] || b[1] < a[0];
        const samePoint = a[0] === a[1] && b[0] === b[1] && a[0] === b[0];
        if (!relaxed && (disjoint || samePoint)) {
          const eq = samePoint ? 1 : 0;
          const v = n.op === "eq" ? eq : 1 - eq;
          return [v, v];
        }
        return [0, 1];
      }
      case "and": return [arg(0)[0] * arg(1)[0], arg(0)[1] * arg(1)[1]];
      case "or": { const g = (a: number, b: number): number => a + b - a * b; return [g(arg(0)[0], arg(1)[0]), g(arg(0)[1], arg(1)[1])]; }
      case "not": return [1 - arg(0)[1], 1 - arg(0)[0]];
      case "select": {
        const c = arg(0);
        if (!relaxed && c[0] === 1 && c[1] === 1) return arg(1);
        if (!relaxed && c[0] === 0 && c[1] === 0) return arg(2);
        return hull(arg(1), arg(2));
      }
      case "gather": {
        const ix = arg(0);
        const top = n.args.length - 2;
        if (ix[0] < 0 || ix[1] > top) issue(id, "invalid_index", `the index interval is not inside [0, ${top}]`);
        if (relaxed) {
          let acc: [number, number] = [0, 0];
          for (let k = 1; k < n.args.length; k++) acc = add(acc, mul([0, 1], arg(k)));
          return acc;
        }
        const lo = Math.max(0, Math.ceil(ix[0])), hi = Math.min(top, Math.floor(ix[1]));
        let r: [number, number] = [Infinity, -Infinity];
        for (let k = lo; k <= hi; k++) r = hull(r, arg(1 + k));
        return r[0] > r[1] ? ALL : r;
      }
      case "one_hot": {
        const a = arg(0);
        const oh = n.value as OneHotValue;
        if (a[0] < 0 || a[1] > oh.size - 1) issue(id, "invalid_index", `the index interval is not inside [0, ${oh.size - 1}]`);
        if (!relaxed && a[0] === a[1]) return a[0] === oh.position ? [1, 1] : [0, 0];
        return [0, 1];
      }
      case "gather_one_hot": {
        const m = n.args.length / 2;
        let constant = true;
        for (let k = 0; k < m; k++) constant = constant && data.nodes[n.args[k]!]!.op === "constant";
        if (!constant) issue(id, "one_hot", "the selectors are not all constants");
        if (relaxed) {
          let r: [number, number] = [0, 0];
          for (let k = 0; k < m; k++) r = add(r, mul(arg(k), arg(m + k)));
          return r;
        }
        let r: [number, number] = [Infinity, -Infinity];
        for (let k = 0; k < m; k++) if (arg(k)[1] >= 1) r = hull(r, arg(m + k));
        return r[0] > r[1] ? ALL : r;
      }
      case "affine": case "sparse_affine": {
        const av = n.value as AffineValue | SparseAffineValue;
        let acc: [number, number] = av.bias !== null ? [av.bias, av.bias] : [0, 0];
        for (let k = 0; k < n.args.length; k++) acc = add(acc, mul([av.weights[k]!, av.weights[k]!], arg(k)));
        return acc;
      }
      case "call":
        issue(id, "unknown", `call ${JSON.stringify(n.name)} has an unknown result`);
        return ALL;
    }
    return ALL;
  };
  const bounded = (n: IRNode): boolean => n.domain.type === "int32" || n.domain.type === "boolean" || n.domain.min !== null || n.domain.max !== null;
  for (const n of data.nodes) {
    const v = node(n);
    iv.push(v);
    if (n.op === "call") continue;
    if (v[0] < -maxFinite || v[1] > maxFinite || Number.isNaN(v[0]) || Number.isNaN(v[1])) {
      const reported = issues.length > 0 && issues[issues.length - 1]!.node === n.id;
      if (!reported) issue(n.id, "non_finite", "the interval reaches beyond the finite range");
    } else if (!LEAVES.has(n.op) && bounded(n) && (v[0] < n.domain.lo || v[1] > n.domain.hi)) {
      issue(n.id, "domain", "the interval is not inside the node's domain");
    }
  }
  for (const [s, next] of data.updates) {
    const v = iv[next]!;
    const d = data.nodes[s]!.domain;
    if (v[0] < d.lo || v[1] > d.hi) issue(s, "domain", "the next value's interval is not inside the state's domain");
  }
  issues.sort((a, b) => a.node - b.node); // stable in ES2019+
  return { intervals: iv, issues };
}

export function assertProgramLike(x: unknown): void {
  if (x === null || typeof x !== "object" || !("data" in x)) throw new ProgramError("analyze needs a Program");
}
