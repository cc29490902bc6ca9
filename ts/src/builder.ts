// Builder (§11) and Value (symbolic wire).
import { acceptValue, Domain, float64 } from "./domain.js";
import { CompileError, DomainError } from "./errors.js";
import { Binding, Bindings, bindingVjp, bindingForward } from "./evaluator.js";
import { arityError, BOOLEAN_RESULT_OPS, DType, IRNode, NodeValue, Semantics, validateSurrogate, validateTemperature } from "./ir.js";
import { Program } from "./program.js";

export type Wire = Value | number | boolean;

export class Value {
  readonly builder: Builder;
  readonly id: number;
  constructor(builder: Builder, id: number) {
    this.builder = builder;
    this.id = id;
  }
  add(o: Wire): Value { return this.builder.op("add", this, o); }
  sub(o: Wire): Value { return this.builder.op("sub", this, o); }
  mul(o: Wire): Value { return this.builder.op("mul", this, o); }
  div(o: Wire): Value { return this.builder.op("div", this, o); }
  neg(): Value { return this.builder.op("neg", this); }
  lt(o: Wire): Value { return this.builder.op("lt", this, o); }
  le(o: Wire): Value { return this.builder.op("le", this, o); }
  gt(o: Wire): Value { return this.builder.op("gt", this, o); }
  ge(o: Wire): Value { return this.builder.op("ge", this, o); }
  eq(o: Wire): Value { return this.builder.op("eq", this, o); }
  ne(o: Wire): Value { return this.builder.op("ne", this, o); }
}

export interface BuilderOptions {
  semantics?: Semantics;
  surrogate?: string;
  temperature?: number;
  dtype?: DType;
  bindings?: Bindings;
  maxIterations?: number;
  maxNodes?: number;
}

const GENERIC_EXCLUDED = new Set(["input", "parameter", "state", "constant", "one_hot", "affine", "sparse_affine", "call"]);

export class Builder {
  readonly semantics: Semantics;
  readonly surrogate: string;
  readonly temperature: number;
  readonly dtype: DType;
  readonly bindings: Bindings;
  readonly maxIterations: number;
  readonly maxNodes: number;
  private readonly nodes: IRNode[] = [];
  private readonly names = new Set<string>();
  private readonly updates = new Map<number, number>();
  private iterations = 0;

  constructor(opts: BuilderOptions = {}) {
    const s = opts.semantics ?? "exact";
    if (s !== "exact" && s !== "relaxed" && s !== "hybrid") throw new CompileError(`invalid semantics ${JSON.stringify(s)}`);
    this.semantics = s;
    try {
      this.surrogate = validateSurrogate("surrogate", opts.surrogate ?? "sigmoid");
      this.temperature = validateTemperature("temperature", opts.temperature ?? 1.0);
    } catch (e) {
      throw new CompileError((e as Error).message);
    }
    const d = opts.dtype ?? "float64";
    if (d !== "float64" && d !== "float32") throw new CompileError(`invalid dtype ${JSON.stringify(d)}`);
    this.dtype = d;
    this.bindings = { ...(opts.bindings ?? {}) };
    this.maxIterations = opts.maxIterations ?? 1024;
    this.maxNodes = opts.maxNodes ?? 100000;
  }

  /** Number of nodes created so far. */
  get size(): number { return this.nodes.length; }

  private r(x: number): number { return this.dtype === "float32" ? Math.fround(x) : x; }

  private computedDomain(op: string, semantics: Semantics = this.semantics): Domain {
    if (BOOLEAN_RESULT_OPS.has(op)) return semantics === "relaxed" ? new Domain(this.dtype, 0, 1) : new Domain("boolean", 0, 1);
    return new Domain(this.dtype, null, null);
  }

  private push(nd: Omit<IRNode, "id">): Value {
    if (this.nodes.length >= this.maxNodes) throw new CompileError(`more than max_nodes ${this.maxNodes} nodes`);
    const id = this.nodes.length;
    this.nodes.push({ id, ...nd } as IRNode);
    return new Value(this, id);
  }

  private wire(x: Wire): number {
    if (x instanceof Value) {
      if (x.builder !== this) throw new CompileError("value belongs to another builder");
      return x.id;
    }
    return this.constant(x).id;
  }

  private leafName(name: string): void {
    if (typeof name !== "string" || name === "") throw new CompileError("names must be non-empty strings");
    if (this.names.has(name)) throw new CompileError(`duplicate name ${JSON.stringify(name)}`);
  }

  private checkLeafDomain(d: Domain): void {
    if (!(d instanceof Domain)) throw new CompileError("domain must be a Domain");
    if (this.dtype === "float32" && d.type === "int32" && (d.lo < -16777216 || d.hi > 16777216))
      throw new CompileError("int32 bounds beyond ±2^24 are not exact in a float32 program");
  }

  input(name: string, domain: Domain = float64()): Value {
    this.leafName(name);
    this.checkLeafDomain(domain);
    this.names.add(name);
    return this.push({ op: "input", args: [], domain, differentiable: domain.isFloating, source: null, name });
  }

  parameter(name: string, value: number, domain: Domain = float64()): Value {
    this.leafName(name);
    if (!domain.isFloating) throw new CompileError("parameter domains must be float32 or float64");
    const v = this.accept(value, domain, `parameter ${name}`);
    this.names.add(name);
    return this.push({ op: "parameter", args: [], domain, differentiable: true, source: null, name, value: v });
  }

  state(name: string, initial: number | boolean, domain: Domain = float64()): Value {
    this.leafName(name);
    this.checkLeafDomain(domain);
    const v = this.accept(initial, domain, `state ${name}`);
    this.names.add(name);
    return this.push({ op: "state", args: [], domain, differentiable: domain.isFloating, source: null, name, value: v });
  }

  private accept(x: unknown, d: Domain, what: string): number {
    try {
      const v = this.r(acceptValue(x, d, null, what));
      if (!d.contains(v)) throw new DomainError(null, `${what}: ${v} outside ${d.toString()} after float32 rounding`);
      return v;
    } catch (e) {
      if (e instanceof DomainError) throw e;
      throw new CompileError((e as Error).message);
    }
  }

  constant(value: number | boolean): Value {
    const x = typeof value === "boolean" ? (value ? 1 : 0) : value;
    if (typeof x !== "number" || !Number.isFinite(x)) throw new CompileError(`constant must be a finite number, got ${String(value)}`);
    const v = this.r(x);
    if (!Number.isFinite(v)) throw new CompileError(`constant ${x} overflows float32`);
    return this.push({ op: "constant", args: [], domain: new Domain(this.dtype, null, null), differentiable: false, source: null, value: v });
  }

  update(state: Value, next: Wire): void {
    if (!(state instanceof Value) || state.builder !== this || this.nodes[state.id]!.op !== "state") throw new CompileError("update needs a state value of this builder");
    if (this.updates.has(state.id)) throw new CompileError(`state ${this.nodes[state.id]!.name} is already updated`);
    this.updates.set(state.id, this.wire(next));
  }

  private node(op: string, args: number[], value?: NodeValue, name?: string, differentiable = true): Value {
    const e = arityError(op, args.length);
    if (e) throw new CompileError(e);
    const nd: Omit<IRNode, "id"> = { op, args, domain: this.computedDomain(op), differentiable, source: null };
    if (value !== undefined) nd.value = value;
    if (name !== undefined) nd.name = name;
    return this.push(nd);
  }

  op(name: string, ...args: Wire[]): Value {
    if (GENERIC_EXCLUDED.has(name)) throw new CompileError(`op(${JSON.stringify(name)}) is not allowed; use its own method`);
    const e = arityError(name, args.length);
    if (e) throw new CompileError(e);
    return this.node(name, args.map((a) => this.wire(a)));
  }

  select(cond: Wire, yes: Wire, no: Wire): Value {
    return this.node("select", [this.wire(cond), this.wire(yes), this.wire(no)]);
  }

  gather(values: Wire[], index: Wire): Value {
    if (!Array.isArray(values) || values.length === 0) throw new CompileError("gather needs a non-empty list of values");
    const idx = this.wire(index);
    return this.node("gather", [idx, ...values.map((v) => this.wire(v))]);
  }

  oneHot(index: Wire, size: number): Value[] {
    if (!Number.isInteger(size) || size < 1) throw new CompileError("one_hot size must be an integer >= 1");
    const i = this.wire(index);
    const out: Value[] = [];
    for (let k = 0; k < size; k++) out.push(this.node("one_hot", [i], { position: k, size }));
    return out;
  }

  gatherOneHot(values: Wire[], selector: Wire[]): Value {
    if (values.length !== selector.length || values.length < 1) throw new CompileError("gather_one_hot needs equally long, non-empty lists");
    const s = selector.map((x) => this.wire(x));
    const v = values.map((x) => this.wire(x));
    return this.node("gather_one_hot", [...s, ...v]);
  }

  affine(values: Wire[], weights: number[] | number[][], bias?: number | null | (number | null)[]): Value | Value[] {
    if (weights.length > 0 && Array.isArray(weights[0])) {
      const rows = weights as number[][];
      const biases = bias === undefined || bias === null ? rows.map(() => null) : bias;
      if (!Array.isArray(biases) || biases.length !== rows.length) throw new CompileError("affine: one bias per row");
      const ids = values.map((v) => this.wire(v));
      return rows.map((w, i) => this.affineRow(ids, w, biases[i] ?? null));
    }
    if (Array.isArray(bias)) throw new CompileError("affine: bias must be a number or null");
    return this.affineRow(values.map((v) => this.wire(v)), weights as number[], bias ?? null);
  }

  private checkWeights(ws: unknown[]): number[] {
    return ws.map((w) => {
      if (typeof w !== "number" || !Number.isFinite(w)) throw new CompileError("weights must be finite numbers (literals)");
      return w;
    });
  }

  private affineRow(ids: number[], w: number[], bias: number | null): Value {
    if (w.length !== ids.length || ids.length < 1) throw new CompileError("affine: len(weights) must equal the number of values (>= 1)");
    const ws = this.checkWeights(w);
    if (bias !== null && (typeof bias !== "number" || !Number.isFinite(bias))) throw new CompileError("bias must be a finite number");
    return this.node("affine", ids, { weights: ws, bias });
  }

  sparseAffine(values: Wire[], coefficients: Record<number, number> | [number, number][] | (Record<number, number> | [number, number][])[],
    bias?: number | null | (number | null)[]): Value | Value[] {
    const isPairs = (c: unknown): boolean => Array.isArray(c) && (c.length === 0 || Array.isArray(c[0]) && typeof c[0][0] === "number");
    const isSet = (c: unknown): boolean => isPairs(c) || (c !== null && typeof c === "object" && !Array.isArray(c));
    if (Array.isArray(coefficients) && coefficients.length > 0 && !isPairs(coefficients) && coefficients.every(isSet)) {
      const sets = coefficients as (Record<number, number> | [number, number][])[];
      const biases = bias === undefined || bias === null ? sets.map(() => null) : bias;
      if (!Array.isArray(biases) || biases.length !== sets.length) throw new CompileError("sparse_affine: one bias per coefficient set");
      return sets.map((c, i) => this.sparseRow(values, c, biases[i] ?? null));
    }
    if (Array.isArray(bias)) throw new CompileError("sparse_affine: bias must be a number or null");
    return this.sparseRow(values, coefficients as Record<number, number> | [number, number][], bias ?? null);
  }

  private sparseRow(values: Wire[], c: Record<number, number> | [number, number][], bias: number | null): Value {
    const pairs: [number, number][] = Array.isArray(c) ? c.map(([i, w]) => [i, w]) : Object.entries(c).map(([i, w]) => [Number(i), w]);
    const seen = new Set<number>();
    for (const [i] of pairs) {
      if (!Number.isInteger(i) || i < 0 || i >= values.length) throw new CompileError(`sparse_affine index ${i} outside [0, ${values.length - 1}]`);
      if (seen.has(i)) throw new CompileError(`duplicate sparse_affine index ${i}`);
      seen.add(i);
    }
    pairs.sort((a, b) => a[0] - b[0]);
    const ws = this.checkWeights(pairs.map(([, w]) => w));
    if (bias !== null && (typeof bias !== "number" || !Number.isFinite(bias))) throw new CompileError("bias must be a finite number");
    const ids = pairs.map(([i]) => this.wire(values[i]!));
    return this.node("sparse_affine", ids, { indices: pairs.map(([i]) => i), weights: ws, bias });
  }

  scan<C, Y>(step: (carry: C, x: Wire) => [C, Y], init: C, xs?: Wire[] | null, opts: { length?: number } = {}): [C, Y[]] {
    const seq: Wire[] = xs ?? (() => {
      if (opts.length === undefined || !Number.isInteger(opts.length) || opts.length < 0) throw new CompileError("scan needs xs or a length");
      return Array.from({ length: opts.length }, (_, i) => i);
    })();
    if (this.iterations + seq.length > this.maxIterations) throw new CompileError(`scan exceeds max_iterations ${this.maxIterations}`);
    this.iterations += seq.length;
    const shape = (c: unknown): string => Array.isArray(c) ? `[${c.map(shape).join(",")}]` : "s";
    let carry = init;
    const ys: Y[] = [];
    for (const x of seq) {
      const r = step(carry, x);
      if (!Array.isArray(r) || r.length !== 2) throw new CompileError("scan step must return [carry, y]");
      if (shape(r[0]) !== shape(carry)) throw new CompileError("scan carry structure changed");
      carry = r[0];
      ys.push(r[1]);
    }
    return [carry, ys];
  }

  call(name: string, ...args: Wire[]): Value {
    if (typeof name !== "string" || name === "") throw new CompileError("call name must be a non-empty string");
    const b = this.bindings[name];
    const diff = !(b !== undefined && bindingVjp(b) === null);
    return this.node("call", args.map((a) => this.wire(a)), undefined, name, diff);
  }

  include(program: Program, inputs: Record<string, Wire>, prefix = "region"): Record<string, Value> {
    if (program.dtype !== this.dtype) throw new CompileError("included program's dtype differs from the builder's");
    const pin = program.inputs;
    for (const k of Object.keys(pin)) if (!(k in inputs)) throw new CompileError(`include: missing input ${JSON.stringify(k)}`);
    for (const k of Object.keys(inputs)) if (!(k in pin)) throw new CompileError(`include: unknown input ${JSON.stringify(k)}`);
    for (const [k, b] of Object.entries(program.bindings)) {
      const mine = this.bindings[k];
      if (mine !== undefined && bindingForward(mine) !== bindingForward(b)) throw new CompileError(`include: conflicting bindings for ${JSON.stringify(k)}`);
    }
    for (const nd of program.nodes) {
      if ((nd.op === "parameter" || nd.op === "state") && this.names.has(`${prefix}.${nd.name}`)) throw new CompileError(`include: name collision ${prefix}.${nd.name}`);
    }
    const inputWires = new Map<string, number>();
    for (const [k, w] of Object.entries(inputs)) inputWires.set(k, this.wire(w));
    if (this.nodes.length + program.nodes.length > this.maxNodes) throw new CompileError(`more than max_nodes ${this.maxNodes} nodes`);
    const map = new Int32Array(program.nodes.length);
    const pd = program.data;
    for (const nd of program.nodes) {
      if (nd.op === "input") { map[nd.id] = inputWires.get(nd.name!)!; continue; }
      const copy: Omit<IRNode, "id"> = { op: nd.op, args: nd.args.map((a) => map[a]!), domain: nd.domain, differentiable: nd.differentiable, source: nd.source };
      if (nd.name !== undefined) copy.name = nd.op === "call" ? nd.name : `${prefix}.${nd.name}`;
      if (nd.value !== undefined) copy.value = nd.value;
      const sem = nd.semantics ?? pd.semantics;
      const sur = nd.surrogate ?? pd.surrogate;
      const tem = nd.temperature ?? pd.temperature;
      if (sem !== this.semantics) copy.semantics = sem;
      if (sur !== this.surrogate) copy.surrogate = sur;
      if (tem !== this.temperature) copy.temperature = tem;
      if (nd.op === "parameter" || nd.op === "state") this.names.add(copy.name!);
      map[nd.id] = this.push(copy).id;
    }
    for (const [sid, vid] of pd.updates) this.updates.set(map[sid]!, map[vid]!);
    for (const [k, b] of Object.entries(program.bindings)) this.bindings[k] = b as Binding;
    const out: Record<string, Value> = {};
    for (const [k, id] of pd.outputs) out[k] = new Value(this, map[id]!);
    return out;
  }

  build(outputs: Wire | Wire[] | Record<string, Wire>): Program {
    let outs: [string, number][];
    if (outputs instanceof Value || typeof outputs === "number" || typeof outputs === "boolean") outs = [["result", this.wire(outputs)]];
    else if (Array.isArray(outputs)) outs = outputs.map((w, i) => [String(i), this.wire(w)]);
    else if (outputs !== null && typeof outputs === "object") outs = Object.entries(outputs).map(([k, w]) => {
      if (k === "") throw new CompileError("output names must be non-empty");
      return [k, this.wire(w)];
    });
    else throw new CompileError("build needs a value, a list or an object of outputs");
    if (outs.length === 0) throw new CompileError("build needs at least one output");
    const updates = [...this.updates.entries()].sort((a, b) => a[0] - b[0]);
    return new Program({
      semantics: this.semantics, dtype: this.dtype, surrogate: this.surrogate, temperature: this.temperature,
      nodes: this.nodes.slice(), outputs: outs, updates,
    }, this.bindings);
  }
}
