// WebAssembly emitter (§24.2): builds module bytes directly, no toolchain.
//
// Evaluation order and liveness follow the CPU evaluator exactly: a
// demand-driven depth-first walk, arguments left to right. Nodes that are
// unconditionally live are emitted inline in `run`/`step`; nodes reached
// through a `select` / `gather` / `gather_one_hot` branch (exact, hybrid)
// get a memoizing function `f_id` that is called only when the branch is
// taken (structured control flow: only live nodes are evaluated).
import { Domain, FLOAT32_MAX } from "./domain.js";
import { makeEvaluationError, ProgramError, STATUS_KINDS } from "./errors.js";
import { Bindings, bindingForward, pyDivmod } from "./evaluator.js";
import type { AffineValue, IRNode, OneHotValue, SparseAffineValue } from "./ir.js";
import { Inputs, Outputs, Program } from "./program.js";

// ---- binary helpers -------------------------------------------------------
class Bytes {
  b: number[] = [];
  u8(x: number): this { this.b.push(x & 0xff); return this; }
  u32(x: number): this {
    do { let byte = x & 0x7f; x >>>= 7; if (x !== 0) byte |= 0x80; this.b.push(byte); } while (x !== 0);
    return this;
  }
  s32(x: number): this {
    for (;;) {
      const byte = x & 0x7f;
      x >>= 7;
      if ((x === 0 && (byte & 0x40) === 0) || (x === -1 && (byte & 0x40) !== 0)) { this.b.push(byte); return this; }
      this.b.push(byte | 0x80);
    }
  }
  f64(x: number): this {
    const dv = new DataView(new ArrayBuffer(8));
    dv.setFloat64(0, x, true);
    for (let i = 0; i < 8; i++) this.b.push(dv.getUint8(i));
    return this;
  }
  str(s: string): this { const e = new TextEncoder().encode(s); this.u32(e.length); for (const x of e) this.b.push(x); return this; }
  bytes(o: number[]): this { for (const x of o) this.b.push(x); return this; }
  vec(items: number[][]): this { this.u32(items.length); for (const it of items) this.bytes(it); return this; }
}

const I32 = 0x7f, F64 = 0x7c, EMPTY = 0x40;
const OP = {
  block: 0x02, if: 0x04, else: 0x05, end: 0x0b, br: 0x0c, return: 0x0f, call: 0x10, select: 0x1b,
  lget: 0x20, lset: 0x21, ltee: 0x22, gget: 0x23, gset: 0x24,
  i32load: 0x28, f64load: 0x2b, i32store: 0x36, f64store: 0x39, i32const: 0x41, f64const: 0x44,
  i32eqz: 0x45, i32ne: 0x47, f64eq: 0x61, f64ne: 0x62, f64lt: 0x63, f64gt: 0x64, f64le: 0x65, f64ge: 0x66,
  i32add: 0x6a, i32and: 0x71, i32or: 0x72,
  f64abs: 0x99, f64neg: 0x9a, f64trunc: 0x9d, f64add: 0xa0, f64sub: 0xa1, f64mul: 0xa2, f64div: 0xa3,
  f64convi32u: 0xb8, f32demote: 0xb6, f64promote: 0xbb,
} as const;

// locals of every generated function
const L_S = 0, L_T = 1, L_U = 2, L_W = 3, L_ACC = 4;

const CONDITIONAL = new Set(["select", "gather", "gather_one_hot"]);

export interface WasmLayout {
  nInputs: number; nParams: number; nStates: number; nOutputs: number;
  inputBase: number; paramBase: number; stateBase: number; outputBase: number; nextBase: number; failAddr: number;
  valBase: number; flagBase: number; pages: number;
}

export function wasmLayout(p: Program): WasmLayout {
  const nInputs = p.inputNodes.length, nParams = p.parameterNodes.length, nStates = p.stateNodes.length;
  const nOutputs = p.data.outputs.length;
  const inputBase = 0, paramBase = 8 * nInputs, stateBase = paramBase + 8 * nParams;
  const outputBase = stateBase + 8 * nStates, nextBase = outputBase + 8 * nOutputs, failAddr = nextBase + 8 * nStates;
  const valBase = failAddr + 8, flagBase = valBase + 8 * p.nodes.length;
  const total = flagBase + 4 * p.nodes.length;
  return { nInputs, nParams, nStates, nOutputs, inputBase, paramBase, stateBase, outputBase, nextBase, failAddr, valBase, flagBase, pages: Math.max(1, Math.ceil(total / 65536)) };
}

class Emitter {
  readonly p: Program;
  readonly nodes: readonly IRNode[];
  readonly lay: WasmLayout;
  readonly f32: boolean;
  readonly bound: Set<string>;
  // function index space
  readonly imports: { module: string; name: string; type: number[] }[] = [];
  private importIdx = new Map<string, number>();
  readonly types: string[] = [];
  private typeIdx = new Map<string, number>();
  private nodeFn = new Map<number, number>(); // node id → function index (defined)
  private fnQueue: number[] = [];
  readonly bodies: { type: number; code: Bytes }[] = [];
  private helperSig = -1;
  private helperGauss = -1;
  private readonly slotOf = new Map<number, number>();
  private readonly sem: string[];
  private readonly temp: number[];
  private definedBase = 0;

  constructor(p: Program, bound: Set<string>) {
    this.p = p;
    this.nodes = p.nodes;
    this.lay = wasmLayout(p);
    this.f32 = p.dtype === "float32";
    this.bound = bound;
    p.inputNodes.forEach((id, i) => this.slotOf.set(id, this.lay.inputBase + 8 * i));
    p.parameterNodes.forEach((id, i) => this.slotOf.set(id, this.lay.paramBase + 8 * i));
    p.stateNodes.forEach((id, i) => this.slotOf.set(id, this.lay.stateBase + 8 * i));
    this.sem = this.nodes.map((nd) => nd.semantics ?? p.data.semantics);
    this.temp = this.nodes.map((nd) => nd.temperature ?? p.data.temperature);
  }

  private typeOf(params: number[], results: number[]): number {
    const key = `${params.join(",")}>${results.join(",")}`;
    let i = this.typeIdx.get(key);
    if (i === undefined) { i = this.types.length; this.types.push(key); this.typeIdx.set(key, i); }
    return i;
  }

  private addImport(module: string, name: string, params: number[]): number {
    const key = `${module}.${name}/${params.length}`;
    const have = this.importIdx.get(key);
    if (have !== undefined) return have;
    const i = this.imports.length;
    this.imports.push({ module, name, type: params });
    this.importIdx.set(key, i);
    return i;
  }

  /** Collect imports first (they precede defined functions in the index space). */
  planImports(): void {
    this.addImport("env", "exp", [F64]);
    for (const nd of this.nodes) {
      if (nd.op === "floordiv") this.addImport("env", "floordiv", [F64, F64]);
      if (nd.op === "mod") this.addImport("env", "mod", [F64, F64]);
      if (nd.op === "call" && this.bound.has(nd.name!)) this.addImport("bindings", nd.name!, nd.args.map(() => F64));
    }
    this.definedBase = this.imports.length;
  }

  private fnIndex(localIdx: number): number { return this.definedBase + localIdx; }

  private newFunction(type: number): { idx: number; code: Bytes } {
    const code = new Bytes();
    this.bodies.push({ type, code });
    return { idx: this.fnIndex(this.bodies.length - 1), code };
  }

  private nodeFunction(id: number): number {
    let f = this.nodeFn.get(id);
    if (f === undefined) {
      const { idx } = this.newFunction(this.typeOf([], [I32]));
      f = idx;
      this.nodeFn.set(id, f);
      this.fnQueue.push(id);
    }
    return f;
  }

  // ---- small code helpers ----
  private load(c: Bytes, id: number): void { c.u8(OP.i32const).s32(0).u8(OP.f64load).u32(3).u32(this.lay.valBase + 8 * id); }
  private constF(c: Bytes, x: number): void { c.u8(OP.f64const).f64(x); }
  private fail(c: Bytes, code: number, id: number): void {
    c.u8(OP.i32const).s32(0); this.constF(c, id); c.u8(OP.f64store).u32(3).u32(this.lay.failAddr);
    c.u8(OP.i32const).s32(code).u8(OP.return);
  }
  /** consumes an i32 condition: when true, fail */
  private failIf(c: Bytes, code: number, id: number): void { c.u8(OP.if).u8(EMPTY); this.fail(c, code, id); c.u8(OP.end); }
  private round(c: Bytes): void { if (this.f32) c.u8(OP.f32demote).u8(OP.f64promote); }
  private callChecked(c: Bytes, fn: number): void {
    c.u8(OP.call).u32(fn).u8(OP.ltee).u32(L_S).u8(OP.if).u8(EMPTY).u8(OP.lget).u32(L_S).u8(OP.return).u8(OP.end);
  }
  /** i32 on stack: local L is not integral or outside [lo, hi] */
  private notIntIn(c: Bytes, l: number, lo: number, hi: number): void {
    c.u8(OP.lget).u32(l).u8(OP.f64trunc).u8(OP.lget).u32(l).u8(OP.f64ne);
    c.u8(OP.lget).u32(l); this.constF(c, lo); c.u8(OP.f64lt).u8(OP.i32or);
    c.u8(OP.lget).u32(l); this.constF(c, hi); c.u8(OP.f64gt).u8(OP.i32or);
  }
  private notIn(c: Bytes, l: number, lo: number, hi: number): void {
    c.u8(OP.lget).u32(l); this.constF(c, lo); c.u8(OP.f64lt);
    c.u8(OP.lget).u32(l); this.constF(c, hi); c.u8(OP.f64gt).u8(OP.i32or);
  }
  private not01(c: Bytes, l: number): void {
    c.u8(OP.lget).u32(l); this.constF(c, 0); c.u8(OP.f64eq);
    c.u8(OP.lget).u32(l); this.constF(c, 1); c.u8(OP.f64eq).u8(OP.i32or).u8(OP.i32eqz);
  }
  private sigCall(c: Bytes): void { c.u8(OP.call).u32(this.helperSig); }
  private gaussCall(c: Bytes, T: number): void { this.constF(c, T); c.u8(OP.call).u32(this.helperGauss); }

  /** Check local L_T against finiteness and a domain; fail with the node id. */
  private checkDomain(c: Bytes, d: Domain, id: number, finiteCheck = true): void {
    if (finiteCheck) {
      c.u8(OP.lget).u32(L_T).u8(OP.lget).u32(L_T).u8(OP.f64sub); this.constF(c, 0); c.u8(OP.f64ne);
      this.failIf(c, 1, id);
    }
    if (d.type === "boolean") { this.not01(c, L_T); this.failIf(c, 4, id); }
    else if (d.type === "int32") { this.notIntIn(c, L_T, d.lo, d.hi); this.failIf(c, 4, id); }
    else {
      const lo = d.type === "float32" ? (d.min ?? -FLOAT32_MAX) : d.min;
      const hi = d.type === "float32" ? (d.max ?? FLOAT32_MAX) : d.max;
      if (lo !== null) { c.u8(OP.lget).u32(L_T); this.constF(c, lo); c.u8(OP.f64lt); this.failIf(c, 4, id); }
      if (hi !== null) { c.u8(OP.lget).u32(L_T); this.constF(c, hi); c.u8(OP.f64gt); this.failIf(c, 4, id); }
    }
  }

  /**
   * Make node k's value available in memory. In top-level context
   * (`top` set) unconditionally-live nodes are emitted inline; inside a
   * branch or a node function, k's memoizing function is called.
   */
  private demand(c: Bytes, k: number, top: Set<number> | null): void {
    if (top === null) { this.callChecked(c, this.nodeFunction(k)); return; }
    if (top.has(k)) return;
    // iterative depth-first walk (long chains must not exhaust the JS stack):
    // emit a node once the arguments it evaluates unconditionally are emitted
    const stack = [k];
    while (stack.length > 0) {
      const id = stack[stack.length - 1]!;
      if (top.has(id)) { stack.pop(); continue; }
      const next = this.preArgs(id).find((a) => !top.has(a));
      if (next !== undefined) { stack.push(next); continue; }
      this.emitNode(c, id, top);
      top.add(id);
      stack.pop();
    }
  }

  /** Arguments a node evaluates before any decision of its own (in order). */
  private preArgs(id: number): number[] {
    const nd = this.nodes[id]!;
    if (this.sem[id] === "relaxed" || !CONDITIONAL.has(nd.op)) return nd.args;
    if (nd.op === "gather_one_hot") return nd.args.slice(0, nd.args.length / 2);
    return [nd.args[0]!];
  }

  /** In a branch: evaluate k (call unless known done at top level), leave value on the stack. */
  private branchValue(c: Bytes, k: number, top: Set<number> | null): void {
    if (top === null || !top.has(k)) this.callChecked(c, this.nodeFunction(k));
    this.load(c, k);
  }

  /** Emit evaluation of node id (args demanded first), then check, store and flag. */
  private emitNode(c: Bytes, id: number, top: Set<number> | null): void {
    const nd = this.nodes[id]!;
    const a = nd.args;
    const relaxed = this.sem[id] === "relaxed";
    const T = this.temp[id]!;
    if (!(CONDITIONAL.has(nd.op) && !relaxed)) for (const k of a) this.demand(c, k, top);
    const A = (): void => this.load(c, a[0]!);
    const B = (): void => this.load(c, a[1]!);
    switch (nd.op) {
      case "input": case "parameter": case "state":
        c.u8(OP.i32const).s32(0).u8(OP.f64load).u32(3).u32(this.slotOf.get(id)!); break;
      case "constant": this.constF(c, nd.value as number); break;
      case "add": case "sub": case "mul": case "div": {
        if (nd.op === "div") { B(); this.constF(c, 0); c.u8(OP.f64eq); this.failIf(c, 2, id); }
        if (this.f32) {
          // native f32 arithmetic on the (exactly representable) float32 arguments
          A(); c.u8(OP.f32demote); B(); c.u8(OP.f32demote);
          c.u8({ add: 0x92, sub: 0x93, mul: 0x94, div: 0x95 }[nd.op]).u8(OP.f64promote);
        } else {
          A(); B(); c.u8({ add: OP.f64add, sub: OP.f64sub, mul: OP.f64mul, div: OP.f64div }[nd.op]);
        }
        break;
      }
      case "floordiv": case "mod":
        B(); this.constF(c, 0); c.u8(OP.f64eq); this.failIf(c, 2, id);
        A(); B(); c.u8(OP.call).u32(this.importIdx.get(`env.${nd.op}/2`)!); break;
      case "neg": A(); c.u8(OP.f64neg); break;
      case "abs": A(); c.u8(OP.f64abs); break;
      case "min": B(); A(); B(); A(); c.u8(OP.f64lt).u8(OP.select); break;
      case "max": B(); A(); B(); A(); c.u8(OP.f64gt).u8(OP.select); break;
      case "relu": A(); this.constF(c, 0); A(); this.constF(c, 0); c.u8(OP.f64gt).u8(OP.select); break;
      case "sigmoid": A(); this.sigCall(c); break;
      case "lt": case "le": case "gt": case "ge": case "eq": case "ne":
        if (!relaxed) {
          A(); B();
          c.u8({ lt: OP.f64lt, le: OP.f64le, gt: OP.f64gt, ge: OP.f64ge, eq: OP.f64eq, ne: OP.f64ne }[nd.op]);
          c.u8(OP.f64convi32u);
        } else if (nd.op === "gt" || nd.op === "ge") { A(); B(); c.u8(OP.f64sub); this.constF(c, T); c.u8(OP.f64div); this.sigCall(c); }
        else if (nd.op === "lt" || nd.op === "le") { B(); A(); c.u8(OP.f64sub); this.constF(c, T); c.u8(OP.f64div); this.sigCall(c); }
        else if (nd.op === "eq") { A(); B(); c.u8(OP.f64sub); this.gaussCall(c, T); }
        else { this.constF(c, 1); A(); B(); c.u8(OP.f64sub); this.gaussCall(c, T); c.u8(OP.f64sub); }
        break;
      case "and": case "or": case "not": {
        for (const k of a) {
          this.load(c, k); c.u8(OP.lset).u32(L_U);
          if (relaxed) this.notIn(c, L_U, 0, 1); else this.not01(c, L_U);
          this.failIf(c, 4, id);
        }
        if (nd.op === "not") { this.constF(c, 1); A(); c.u8(OP.f64sub); }
        else if (nd.op === "and") { A(); B(); c.u8(OP.f64mul); }
        else { A(); B(); c.u8(OP.f64add); A(); B(); c.u8(OP.f64mul); c.u8(OP.f64sub); }
        break;
      }
      case "select":
        if (relaxed) {
          A(); c.u8(OP.lset).u32(L_U); this.notIn(c, L_U, 0, 1); this.failIf(c, 4, id);
          A(); B(); c.u8(OP.f64mul);
          this.constF(c, 1); A(); c.u8(OP.f64sub); this.load(c, a[2]!); c.u8(OP.f64mul); c.u8(OP.f64add);
        } else {
          this.demand(c, a[0]!, top);
          A(); c.u8(OP.lset).u32(L_U); this.not01(c, L_U); this.failIf(c, 4, id);
          c.u8(OP.lget).u32(L_U); this.constF(c, 1); c.u8(OP.f64eq);
          c.u8(OP.if).u8(F64); this.branchValue(c, a[1]!, top); c.u8(OP.else); this.branchValue(c, a[2]!, top); c.u8(OP.end);
        }
        break;
      case "gather": {
        const n = a.length - 1;
        if (relaxed) {
          A(); c.u8(OP.lset).u32(L_U); this.notIn(c, L_U, 0, n - 1); this.failIf(c, 3, id);
          for (let k = 0; k < n; k++) {
            c.u8(OP.lget).u32(L_U); this.constF(c, k); c.u8(OP.f64sub); this.gaussCall(c, T); this.load(c, a[1 + k]!); c.u8(OP.f64mul);
            if (k > 0) c.u8(OP.f64add);
          }
        } else {
          this.demand(c, a[0]!, top);
          A(); c.u8(OP.lset).u32(L_U); this.notIntIn(c, L_U, 0, n - 1); this.failIf(c, 3, id);
          this.chain(c, n, (k) => { c.u8(OP.lget).u32(L_U); this.constF(c, k); c.u8(OP.f64eq); }, (k) => this.branchValue(c, a[1 + k]!, top));
        }
        break;
      }
      case "one_hot": {
        const oh = nd.value as OneHotValue;
        A(); c.u8(OP.lset).u32(L_U);
        if (relaxed) {
          this.notIn(c, L_U, 0, oh.size - 1); this.failIf(c, 3, id);
          c.u8(OP.lget).u32(L_U); this.constF(c, oh.position); c.u8(OP.f64sub); this.gaussCall(c, T);
        } else {
          this.notIntIn(c, L_U, 0, oh.size - 1); this.failIf(c, 3, id);
          c.u8(OP.lget).u32(L_U); this.constF(c, oh.position); c.u8(OP.f64eq).u8(OP.f64convi32u);
        }
        break;
      }
      case "gather_one_hot": {
        const m = a.length / 2;
        if (relaxed) {
          for (let k = 0; k < m; k++) {
            this.load(c, a[k]!); c.u8(OP.lset).u32(L_U); this.notIn(c, L_U, 0, 1); this.failIf(c, 4, id);
            c.u8(OP.lget).u32(L_U); this.load(c, a[m + k]!); c.u8(OP.f64mul);
            if (k > 0) c.u8(OP.f64add);
          }
        } else {
          for (let k = 0; k < m; k++) this.demand(c, a[k]!, top);
          this.constF(c, 0); c.u8(OP.lset).u32(L_W);
          for (let k = 0; k < m; k++) {
            this.load(c, a[k]!); c.u8(OP.lset).u32(L_U); this.not01(c, L_U); this.failIf(c, 5, id);
            c.u8(OP.lget).u32(L_W).u8(OP.lget).u32(L_U).u8(OP.f64add).u8(OP.lset).u32(L_W);
          }
          c.u8(OP.lget).u32(L_W); this.constF(c, 1); c.u8(OP.f64ne); this.failIf(c, 5, id);
          this.chain(c, m, (k) => { this.load(c, a[k]!); this.constF(c, 1); c.u8(OP.f64eq); }, (k) => this.branchValue(c, a[m + k]!, top));
        }
        break;
      }
      case "affine": case "sparse_affine": {
        const av = nd.value as AffineValue | SparseAffineValue;
        if (a.length === 0) { this.constF(c, av.bias ?? 0); break; }
        let i0 = 0;
        if (av.bias !== null) this.constF(c, av.bias);
        else { this.constF(c, av.weights[0]!); this.load(c, a[0]!); c.u8(OP.f64mul); this.round(c); i0 = 1; }
        for (let i = i0; i < a.length; i++) {
          this.constF(c, av.weights[i]!); this.load(c, a[i]!); c.u8(OP.f64mul); this.round(c); c.u8(OP.f64add); this.round(c);
        }
        break;
      }
      case "call":
        if (!this.bound.has(nd.name!)) { this.fail(c, 7, id); this.constF(c, 0); break; }
        for (const k of a) this.load(c, k);
        c.u8(OP.call).u32(this.importIdx.get(`bindings.${nd.name}/${a.length}`)!);
        c.u8(OP.lset).u32(L_T);
        c.u8(OP.lget).u32(L_T).u8(OP.lget).u32(L_T).u8(OP.f64sub); this.constF(c, 0); c.u8(OP.f64ne); this.failIf(c, 6, id);
        c.u8(OP.lget).u32(L_T);
        break;
      default:
        throw new ProgramError(`emitWasm: unsupported op ${nd.op}`);
    }
    this.round(c);
    c.u8(OP.lset).u32(L_T);
    this.checkDomain(c, nd.domain, id);
    c.u8(OP.i32const).s32(0).u8(OP.lget).u32(L_T).u8(OP.f64store).u32(3).u32(this.lay.valBase + 8 * id);
    c.u8(OP.i32const).s32(0).u8(OP.gget).u32(0).u8(OP.i32store).u32(2).u32(this.lay.flagBase + 4 * id);
  }

  /** if k==0 then body(0) else if k==1 ... else body(n-1); leaves an f64 */
  private chain(c: Bytes, n: number, cond: (k: number) => void, body: (k: number) => void): void {
    for (let k = 0; k < n - 1; k++) { cond(k); c.u8(OP.if).u8(F64); body(k); c.u8(OP.else); }
    body(n - 1);
    for (let k = 0; k < n - 1; k++) c.u8(OP.end);
  }

  private locals(c: Bytes): Bytes {
    const out = new Bytes();
    out.u32(2).u32(1).u8(I32).u32(4).u8(F64);
    out.bytes(c.b);
    out.u8(OP.end);
    return out;
  }

  private emitEntry(code: Bytes, withUpdates: boolean): void {
    const c = new Bytes();
    c.u8(OP.gget).u32(0).u8(OP.i32const).s32(1).u8(OP.i32add).u8(OP.gset).u32(0);
    const top = new Set<number>();
    const roots = this.p.data.outputs.map(([, id]) => id);
    if (withUpdates) for (const [, v] of this.p.data.updates) roots.push(v);
    for (const r of roots) this.demand(c, r, top);
    this.p.data.outputs.forEach(([, id], j) => {
      c.u8(OP.i32const).s32(0); this.load(c, id); c.u8(OP.f64store).u32(3).u32(this.lay.outputBase + 8 * j);
    });
    if (withUpdates) {
      const upd = new Map(this.p.data.updates);
      this.p.stateNodes.forEach((sid, i) => {
        const v = upd.get(sid);
        c.u8(OP.i32const).s32(0);
        if (v === undefined) c.u8(OP.i32const).s32(0).u8(OP.f64load).u32(3).u32(this.lay.stateBase + 8 * i);
        else {
          this.load(c, v); c.u8(OP.lset).u32(L_T);
          this.checkDomain(c, this.nodes[sid]!.domain, sid, false);
          c.u8(OP.lget).u32(L_T);
        }
        c.u8(OP.f64store).u32(3).u32(this.lay.nextBase + 8 * i);
      });
    }
    c.u8(OP.i32const).s32(0);
    code.bytes(this.locals(c).b);
  }

  private emitHelpers(): void {
    // sig(z) = z >= 0 ? 1/(1+exp(-z)) : e/(1+e), e = exp(z)
    const s = this.newFunction(this.typeOf([F64], [F64]));
    this.helperSig = s.idx;
    const c = new Bytes();
    c.u8(OP.lget).u32(0); this.constF(c, 0); c.u8(OP.f64ge);
    c.u8(OP.if).u8(F64);
    this.constF(c, 1); this.constF(c, 1); c.u8(OP.lget).u32(0).u8(OP.f64neg).u8(OP.call).u32(0).u8(OP.f64add).u8(OP.f64div);
    c.u8(OP.else);
    c.u8(OP.lget).u32(0).u8(OP.call).u32(0).u8(OP.ltee).u32(1);
    this.constF(c, 1); c.u8(OP.lget).u32(1).u8(OP.f64add).u8(OP.f64div);
    c.u8(OP.end);
    s.code.u32(1).u32(1).u8(F64).bytes(c.b).u8(OP.end);
    // gauss(d, T) = exp(-((d/T)^2))
    const g = this.newFunction(this.typeOf([F64, F64], [F64]));
    this.helperGauss = g.idx;
    const d = new Bytes();
    d.u8(OP.lget).u32(0).u8(OP.lget).u32(1).u8(OP.f64div).u8(OP.ltee).u32(2).u8(OP.lget).u32(2).u8(OP.f64mul).u8(OP.f64neg).u8(OP.call).u32(0);
    g.code.u32(1).u32(1).u8(F64).bytes(d.b).u8(OP.end);
  }

  build(): Uint8Array<ArrayBuffer> {
    this.planImports();
    this.typeOf([], [I32]);
    this.emitHelpers();
    const run = this.newFunction(this.typeOf([], [I32]));
    const step = this.p.hasState ? this.newFunction(this.typeOf([], [I32])) : null;
    this.emitEntry(run.code, false);
    if (step) this.emitEntry(step.code, true);
    while (this.fnQueue.length > 0) {
      const id = this.fnQueue.shift()!;
      const body = this.bodies[this.nodeFn.get(id)! - this.definedBase]!;
      const c = new Bytes();
      // memoized: return 0 when already evaluated in this run
      c.u8(OP.i32const).s32(0).u8(OP.i32load).u32(2).u32(this.lay.flagBase + 4 * id).u8(OP.gget).u32(0).u8(0x46 /* i32.eq */);
      c.u8(OP.if).u8(EMPTY).u8(OP.i32const).s32(0).u8(OP.return).u8(OP.end);
      this.emitNode(c, id, null);
      c.u8(OP.i32const).s32(0);
      body.code.bytes(this.locals(c).b);
    }
    return this.module(run.idx, step?.idx ?? null);
  }

  private module(runIdx: number, stepIdx: number | null): Uint8Array<ArrayBuffer> {
    const out = new Bytes().bytes([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
    const section = (id: number, body: Bytes): void => { out.u8(id).u32(body.b.length).bytes(body.b); };
    const importTypes = this.imports.map((im) => this.typeOf(im.type, [F64]));
    const ts = new Bytes().u32(this.types.length);
    for (const key of this.types) {
      const [ps, rs] = key.split(">");
      const params = ps === "" ? [] : ps!.split(",").map(Number);
      const results = rs === "" ? [] : rs!.split(",").map(Number);
      ts.u8(0x60).u32(params.length).bytes(params).u32(results.length).bytes(results);
    }
    section(1, ts);
    const is = new Bytes().u32(this.imports.length);
    this.imports.forEach((im, i) => { is.str(im.module).str(im.name).u8(0x00).u32(importTypes[i]!); });
    section(2, is);
    const fs = new Bytes().u32(this.bodies.length);
    for (const b of this.bodies) fs.u32(b.type);
    section(3, fs);
    section(5, new Bytes().u32(1).u8(0x00).u32(this.lay.pages));
    section(6, new Bytes().u32(1).u8(I32).u8(0x01).u8(OP.i32const).s32(0).u8(OP.end));
    const ex = new Bytes().u32(stepIdx === null ? 2 : 3);
    ex.str("memory").u8(0x02).u32(0);
    ex.str("run").u8(0x00).u32(runIdx);
    if (stepIdx !== null) ex.str("step").u8(0x00).u32(stepIdx);
    section(7, ex);
    const cs = new Bytes().u32(this.bodies.length);
    for (const b of this.bodies) cs.u32(b.code.b.length).bytes(b.code.b);
    section(10, cs);
    return new Uint8Array(out.b);
  }
}

/**
 * Emit a WebAssembly module for `program` (stateless or stateful).
 * Call names bound in `bindings` (default: the program's) become imports
 * `bindings.<name>`; unbound live calls return status 7.
 */
export function emitWasm(program: Program, opts: { bindings?: Bindings } = {}): Uint8Array<ArrayBuffer> {
  const b = opts.bindings ?? program.bindings;
  return new Emitter(program, new Set(Object.keys(b))).build();
}

export interface WasmProgram {
  run(inputs: Inputs, opts?: { state?: Record<string, number | boolean> | null }): Outputs;
  step(inputs: Inputs, opts?: { state?: Record<string, number | boolean> | null }): [Outputs, Record<string, number>];
  /** raw module exports, for benchmarks */
  readonly exports: WebAssembly.Exports;
  readonly bytes: Uint8Array;
}

function hostBinding(f: (...xs: number[]) => number): (...xs: number[]) => number {
  return (...xs: number[]): number => {
    try {
      let r: unknown = f(...xs);
      if (typeof r === "boolean") r = r ? 1 : 0;
      return typeof r === "number" && Number.isFinite(r) ? r : NaN;
    } catch {
      return NaN;
    }
  };
}

/** Compile and instantiate the module with a wrapper that checks inputs and converts statuses. */
export async function instantiateWasm(program: Program, opts: { bindings?: Bindings } = {}): Promise<WasmProgram> {
  const bindings = { ...program.bindings, ...(opts.bindings ?? {}) };
  const bytes = emitWasm(program, { bindings });
  const bimports: Record<string, (...xs: number[]) => number> = {};
  for (const [k, b] of Object.entries(bindings)) bimports[k] = hostBinding(bindingForward(b));
  const imports = {
    env: { exp: Math.exp, floordiv: (a: number, b: number) => pyDivmod(a, b)[0], mod: (a: number, b: number) => pyDivmod(a, b)[1] },
    bindings: bimports,
  };
  const instance = await WebAssembly.instantiate(await WebAssembly.compile(bytes), imports);
  const ex = instance.exports;
  const mem = ex.memory as WebAssembly.Memory;
  const lay = wasmLayout(program);
  const runFn = ex.run as () => number;
  const stepFn = (ex.step ?? ex.run) as () => number;
  const outNames = program.outputs;
  const stateNames = program.stateNodes.map((id) => program.nodes[id]!.name!);
  const inputNodes = program.inputNodes.map((id) => program.nodes[id]!);
  const inputNames = new Set(inputNodes.map((nd) => nd.name!));
  // the module never grows its memory, so one view stays valid
  const f = new Float64Array(mem.buffer);
  program.parameterNodes.forEach((id, i) => { f[lay.paramBase / 8 + i] = program.nodes[id]!.value as number; });
  const load = (inputs: Inputs, state: Record<string, number | boolean> | null | undefined): void => {
    if (inputs === null || typeof inputs !== "object") throw new ProgramError("inputs must be an object of input values");
    let seen = 0;
    for (const k in inputs) {
      if (!inputNames.has(k)) throw new ProgramError(`unknown input ${JSON.stringify(k)}`);
      seen++;
    }
    for (let i = 0; i < inputNodes.length; i++) {
      const nd = inputNodes[i]!;
      const v = inputs[nd.name!];
      if (v === undefined && !Object.prototype.hasOwnProperty.call(inputs, nd.name!)) throw new ProgramError(`missing input ${JSON.stringify(nd.name)}`);
      f[lay.inputBase / 8 + i] = program.acceptLeaf(v, nd, `input ${nd.name}`);
    }
    if (seen !== inputNodes.length) throw new ProgramError("inputs must name every input exactly once");
    if (lay.nStates > 0) {
      const st = program.acceptState(state);
      for (let i = 0; i < st.length; i++) f[lay.stateBase / 8 + i] = st[i]!;
    }
  };
  const check = (status: number): void => {
    if (status === 0) return;
    const node = f[lay.failAddr / 8]!;
    throw makeEvaluationError(STATUS_KINDS[status] ?? "domain", node, `${STATUS_KINDS[status]} error at node ${node} (WebAssembly)`);
  };
  return {
    exports: ex,
    bytes,
    run(inputs, o = {}) {
      load(inputs, o.state);
      check(runFn());
      const out: Outputs = {};
      outNames.forEach((k, j) => { out[k] = f[lay.outputBase / 8 + j]!; });
      return out;
    },
    step(inputs, o = {}) {
      load(inputs, o.state);
      check(stepFn());
      const out: Outputs = {};
      outNames.forEach((k, j) => { out[k] = f[lay.outputBase / 8 + j]!; });
      const next: Record<string, number> = {};
      stateNames.forEach((k, i) => { next[k] = f[lay.nextBase / 8 + i]!; });
      return [out, next];
    },
  };
}
