// Spec examples (§26) and API rules, in TypeScript.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  ArtifactError, boolean, Builder, CompileError, DomainError, EvaluationError, float32, float64, GradientError, instantiateWasm, int32,
  Program, ProgramError, Runtime, StepLimitError, VerificationError, emitWgsl,
} from "../src/index.js";

const kindOf = (fn: () => unknown): string | null => {
  try { fn(); return null; } catch (e) { return (e as EvaluationError).kind ?? String(e); }
};

describe("§26.1 compile and check a rule (Builder form)", () => {
  const b = new Builder();
  const a = b.input("a", int32({ min: -128, max: 127 }));
  const program = b.build(b.select(a.gt(4), 10, 12));
  it("runs", () => {
    assert.deepEqual(program.run({ a: 5 }), { result: 10 });
    assert.deepEqual(program.run({ a: 4 }), { result: 12 });
  });
  it("verifies exhaustively", () => {
    const r = program.verify((i) => ((i.a as number) > 4 ? 10 : 12));
    assert.equal(r.cases, 256);
    assert.ok(r.exhaustive && r.passed);
    const bad = program.verify((i) => ((i.a as number) > 5 ? 10 : 12));
    assert.equal(bad.passed, false);
    assert.equal(bad.failures.length, 1);
    assert.deepEqual(bad.failures[0]!.inputs, { a: 5 });
  });
  it("artifact round trip", () => {
    const text = program.stringify();
    const data = JSON.parse(text);
    assert.equal(data.format, "tensorcode.program");
    assert.equal(data.version, 1);
    assert.deepEqual(Object.keys(data), ["format", "version", "semantics", "dtype", "surrogate", "temperature", "nodes", "outputs", "updates"]);
    assert.deepEqual(Program.fromJSON(text).run({ a: -3 }), { result: 12 });
    assert.equal(JSON.stringify(program), text);
  });
});

describe("§26.2 hybrid", () => {
  const b = new Builder({ semantics: "hybrid", surrogate: "sigmoid" });
  const x = b.input("x", float64());
  const w = b.parameter("weight", 0.0);
  const p = b.build(b.select(x.gt(4), w.mul(x), 0));
  it("forward and gradients", () => {
    assert.deepEqual(p.run({ x: 5 }), { result: 0 });
    assert.deepEqual(p.gradients({ x: 5 }), { x: 0, weight: 5 });
    const g = p.withParameters({ weight: 2.0 }).gradients({ x: 5 });
    assert.ok(Math.abs(g.x! - (2 + 10 * 0.19661193324148185)) <= 1e-15);
    assert.deepEqual(p.parameters, { weight: 0 });
  });
});

describe("§26.3 include and a learned correction (SGD step by hand)", () => {
  it("updates only the parameter", () => {
    const rules = new Builder();
    const a = rules.input("a");
    const algorithm = rules.build(rules.select(a.gt(4), 10, 12));
    const b = new Builder();
    const x = b.input("x");
    const correction = b.parameter("correction", 0.0);
    const region = b.include(algorithm, { a: x }, "algorithm");
    const program = b.build(region.result!.add(correction.mul(x)));
    assert.deepEqual(program.run({ x: 5 }), { result: 10 });
    // loss = (out - 11)^2 → d loss / d out = 2 (10 - 11) = -2
    const g = program.gradients({ x: 5 }, { cotangents: { result: -2 } });
    assert.equal(g.correction, -10);
    const trained = Program.fromJSON(program.withParameters({ correction: 0 - 0.01 * g.correction! }).stringify());
    assert.deepEqual(trained.parameters, { correction: 0.1 });
    assert.ok(Math.abs(trained.run({ x: 5 }).result! - 10.5) < 1e-12);
    assert.ok(Math.abs(trained.run({ x: 3 }).result! - 12.3) < 1e-12);
    assert.deepEqual(program.parameters, { correction: 0 });
  });
  it("include renames parameters and states, keeps node settings", () => {
    const inner = new Builder({ semantics: "relaxed", temperature: 2 });
    const u = inner.input("u");
    const k = inner.parameter("k", 3);
    const s = inner.state("s", 1);
    inner.update(s, s.add(u));
    const ip = inner.build(u.gt(k));
    const outer = new Builder();
    const y = outer.input("y");
    const r = outer.include(ip, { u: y }, "inner");
    const op = outer.build(r.result!);
    const art = op.artifact() as { nodes: Record<string, unknown>[]; updates: Record<string, number> };
    assert.ok(art.nodes.some((n) => n.name === "inner.k" && n.semantics === "relaxed" && n.temperature === 2));
    assert.deepEqual(Object.keys(op.initialState), ["inner.s"]);
    assert.equal(Object.keys(art.updates).length, 1);
    assert.throws(() => outer.include(ip, { u: y }, "inner"), CompileError);
    assert.throws(() => outer.include(ip, {}, "x"), CompileError);
    const r0 = op.run({ y: 3 }).result!;
    assert.equal(r0, 0.5); // relaxed gt at equality: σ(0) = 0.5
  });
});

describe("§26.4 state and events", () => {
  const b = new Builder();
  const event = b.input("event", int32({ min: 0, max: 1 }));
  const count = b.state("count", 0, int32({ min: 0, max: 100 }));
  b.update(count, count.add(event));
  const program = b.build(count);
  it("dispatch, snapshot, restore", () => {
    const runtime = new Runtime(program, { maxSteps: 100 });
    assert.deepEqual(runtime.dispatch({ event: 1 }), { result: 0 });
    const saved = runtime.snapshot();
    assert.deepEqual(Object.keys(saved), ["format", "version", "program", "state", "steps", "max_steps"]);
    const resumed = Runtime.restore(JSON.stringify(saved));
    assert.deepEqual(resumed.dispatch({ event: 1 }), { result: 1 });
    assert.equal(resumed.steps, 2);
    assert.deepEqual(runtime.dispatch({ event: 0 }), { result: 1 });
  });
  it("budget, failed events, replay", () => {
    const rt = new Runtime(program, { maxSteps: 4 });
    assert.throws(() => rt.dispatch({ event: 2 }), DomainError);
    assert.equal(rt.steps, 0);
    assert.deepEqual(rt.replay([{ event: 1 }, { event: 1 }]), [{ result: 0 }, { result: 1 }]);
    try { rt.replay([{ event: 1 }, { event: 5 }]); assert.fail("should raise"); } catch (e) {
      assert.ok(e instanceof DomainError);
      assert.equal((e as EvaluationError).eventIndex, 1);
    }
    assert.equal(rt.steps, 3);
    assert.deepEqual(rt.state, { count: 3 });
    assert.deepEqual(rt.dispatch({ event: 0 }), { result: 3 });
    assert.throws(() => rt.dispatch({ event: 0 }), StepLimitError);
    assert.equal(rt.steps, 4);
    assert.throws(() => new Runtime(program, { maxSteps: -1 }), ProgramError);
  });
  it("state domain violations commit nothing", () => {
    const rt = new Runtime(program, { state: { count: 100 } });
    assert.throws(() => rt.dispatch({ event: 1 }), DomainError);
    assert.deepEqual(rt.state, { count: 100 });
    assert.equal(rt.steps, 0);
  });
  it("a swap is simultaneous", () => {
    const s = new Builder();
    const p = s.state("p", 1);
    const q = s.state("q", 2);
    s.update(p, q);
    s.update(q, p);
    const rt = new Runtime(s.build(p.add(q)));
    rt.dispatch({});
    assert.deepEqual(rt.state, { p: 2, q: 1 });
  });
  it("snapshot validation", () => {
    const good = new Runtime(program).snapshot();
    const bad = (f: (s: Record<string, unknown>) => void): void => {
      const s = JSON.parse(JSON.stringify(good));
      f(s);
      assert.throws(() => Runtime.restore(s), ArtifactError);
    };
    bad((s) => { s.version = 2; });
    bad((s) => { s.steps = 20000; });
    bad((s) => { s.state = {}; });
    bad((s) => { s.state = { count: 101 }; });
    bad((s) => { s.state = { count: 1, other: 2 }; });
    bad((s) => { s.extra = 1; });
    bad((s) => { (s.program as Record<string, unknown>).version = 3; });
  });
  it("Runtime over WebAssembly keeps the same rules", async () => {
    const w = await instantiateWasm(program);
    const rt = new Runtime(program, { maxSteps: 10, engine: w });
    assert.deepEqual(rt.replay([{ event: 1 }, { event: 1 }, { event: 0 }]), [{ result: 0 }, { result: 1 }, { result: 2 }]);
    assert.throws(() => rt.dispatch({ event: 3 }), DomainError);
    assert.deepEqual(rt.state, { count: 2 });
    assert.equal(rt.steps, 3);
  });
});

describe("§26.5 statements", () => {
  it("exact comparison is an instruction", () => {
    const b = new Builder();
    const x = b.input("x", float64());
    assert.deepEqual(b.build(x.gt(4)).run({ x: 4.5 }), { result: 1 });
  });
  it("exact selection runs only the chosen branch; hybrid gradient needs it", () => {
    for (const semantics of ["exact", "hybrid"] as const) {
      const b = new Builder({ semantics });
      const x = b.input("x");
      const p = b.build(b.select(x.gt(0), b.constant(1).div(x), 0));
      assert.deepEqual(p.run({ x: 0 }), { result: 0 });
      if (semantics === "exact") assert.deepEqual(p.gradients({ x: 0 }), { x: 0 });
      else assert.equal(kindOf(() => p.gradients({ x: 0 })), "division_by_zero");
    }
  });
  it("relu derivative at zero", () => {
    const b = new Builder();
    const x = b.input("x");
    assert.deepEqual(b.build(b.op("relu", x)).gradients({ x: 0 }), { x: 0 });
  });
  it("integer inputs are checked", () => {
    const b = new Builder();
    const a = b.input("a", int32({ min: 0, max: 9 }));
    const p = b.build(a.add(1));
    assert.throws(() => p.run({ a: 2.5 }), DomainError);
    assert.throws(() => p.run({ a: 10 }), DomainError);
    assert.throws(() => p.run({ a: Number.NaN }), DomainError);
    assert.throws(() => p.run({}), (e: unknown) => e instanceof ProgramError && !(e instanceof DomainError));
    assert.throws(() => p.run({ a: 1, b: 2 }), ProgramError);
  });
  it("NaN/inf/division by zero are errors", () => {
    const b = new Builder();
    const x = b.input("x");
    assert.equal(kindOf(() => b.build(b.constant(1).div(x)).run({ x: 0 })), "division_by_zero");
    assert.equal(kindOf(() => b.build(x.mul(1e308)).run({ x: 10 })), "non_finite");
  });
  it("float32 rounds every node", () => {
    const b = new Builder({ dtype: "float32" });
    const x = b.input("x");
    assert.equal(b.build(x.mul(0.1)).run({ x: 3.0 }).result, 0.30000001192092896);
    assert.throws(() => b.input("big", int32()), CompileError);
    b.input("small", int32({ min: -100, max: 100 }));
  });
  it("bindings and forward-only calls", () => {
    const bindings = { double: [(v: number) => 2 * v, () => [2.0]] as [(v: number) => number, () => number[]] };
    const b = new Builder({ bindings });
    const x = b.input("x");
    const p = b.build(b.call("double", x).add(1));
    assert.deepEqual(p.gradients({ x: 3 }), { x: 2 });
    const f = new Builder({ bindings: { double: [(v: number) => 2 * v, null] } });
    const y = f.input("x");
    const q = f.build(f.call("double", y).add(1));
    assert.deepEqual(q.run({ x: 3 }), { result: 7 });
    assert.throws(() => q.gradients({ x: 3 }), GradientError);
    const bad = Program.fromJSON(p.stringify(), { bindings: { double: [() => Number.NaN, null] } });
    assert.equal(kindOf(() => bad.run({ x: 1 })), "binding");
    assert.equal(kindOf(() => Program.fromJSON(p.stringify()).run({ x: 1 })), "unbound_call");
  });
  it("verified replacement style verify with cases (non-exhaustive)", () => {
    const b = new Builder();
    const x = b.input("x");
    const p = b.build(x.mul(2));
    const r = p.verify((i) => 2 * (i.x as number), { cases: [{ x: 1 }, { x: 2.5 }] });
    assert.deepEqual(r, { passed: true, cases: 2, exhaustive: false, both_failed: 0, failures: [] });
    assert.throws(() => p.verify((i) => i.x), VerificationError);
    const d = b.build(b.constant(1).div(x));
    assert.equal(d.verify((i) => 1 / (i.x as number) === Infinity ? Number.NaN : 1 / (i.x as number), { cases: [{ x: 0 }] }).both_failed, 1);
  });
});

describe("Builder rules", () => {
  it("domains", () => {
    assert.throws(() => int32({ min: 5, max: 1 }), CompileError);
    assert.throws(() => int32({ min: 0.5 }), CompileError);
    assert.throws(() => float32({ max: 1e39 }), CompileError);
    assert.ok(int32({ min: 0, max: 3 }).equals(int32({ min: 0, max: 3 })));
    assert.deepEqual(boolean().toJSON(), { type: "boolean", min: 0, max: 1 });
  });
  it("misuse raises CompileError", () => {
    const b = new Builder();
    const x = b.input("x");
    assert.throws(() => b.input("x"), CompileError);
    assert.throws(() => b.op("input"), CompileError);
    assert.throws(() => b.op("add", x), CompileError);
    assert.throws(() => b.op("pow", x, x), CompileError);
    assert.throws(() => b.parameter("w", 1, int32()), CompileError);
    assert.throws(() => new Builder().op("neg", x), CompileError);
    assert.throws(() => b.update(x, 1), CompileError);
    assert.throws(() => b.affine([x], [1, 2]), CompileError);
    assert.throws(() => b.sparseAffine([x], { 3: 1 }), CompileError);
    const s = b.state("s", 0);
    b.update(s, x);
    assert.throws(() => b.update(s, x), CompileError);
    const small = new Builder({ maxNodes: 2 });
    small.input("a");
    small.input("b");
    assert.throws(() => small.input("c"), CompileError);
  });
  it("affine rows, sparse_affine sets, one_hot, gather, scan", () => {
    const b = new Builder();
    const xs = [b.input("a"), b.input("b"), b.input("c")];
    const rows = b.affine(xs, [[1, 2, 3], [0.5, 0, -1]], [1, null]) as ReturnType<Builder["input"]>[];
    const sp = b.sparseAffine(xs, [{ 2: 2, 0: 1 }, [[1, -1]]]) as ReturnType<Builder["input"]>[];
    const oh = b.oneHot(xs[0]!, 3);
    const goh = b.gatherOneHot([10, 20, 30], oh);
    const g = b.gather([xs[1]!, xs[2]!], b.op("sub", xs[0]!, 1));
    const [carry, ys] = b.scan((c: ReturnType<Builder["input"]>, k) => [c.add(k), c], xs[1]!, null, { length: 3 });
    const p = b.build({ r0: rows[0]!, r1: rows[1]!, s0: sp[0]!, s1: sp[1]!, goh, g, carry, y2: ys[2]! });
    const art = p.artifact() as { nodes: { op: string; value?: { indices?: number[] } }[] };
    assert.deepEqual(art.nodes.find((n) => n.op === "sparse_affine")!.value!.indices, [0, 2]);
    assert.deepEqual(p.run({ a: 1, b: 5, c: 7 }), { r0: 1 + 1 + 10 + 21, r1: 0.5 + 0 - 7, s0: 1 + 14, s1: -5, goh: 20, g: 5, carry: 8, y2: 6 });
    assert.throws(() => b.scan((c: number) => [c, null], 0, null, { length: 5000 }), CompileError);
  });
  it("freeze, withParameters, schedule, graph", () => {
    const b = new Builder();
    const x = b.input("x");
    const w = b.parameter("w", 2);
    const p = b.build(x.mul(w));
    const f = p.freeze();
    assert.deepEqual(f.parameters, {});
    assert.deepEqual(f.gradients({ x: 3 }), { x: 2 });
    assert.throws(() => p.freeze(["nope"]), ProgramError);
    assert.throws(() => p.withParameters({ nope: 1 }), ProgramError);
    assert.deepEqual(p.schedule(), [[0, 1], [2]]);
    assert.deepEqual(p.graph().outputs, { result: 2 });
  });
  it("gradients options", () => {
    const b = new Builder();
    const x = b.input("x");
    const p = b.build({ a: x.mul(2), b: x.mul(3) });
    assert.throws(() => p.gradients({ x: 1 }), ProgramError);
    assert.deepEqual(p.gradients({ x: 1 }, { output: "b" }), { x: 3 });
    assert.deepEqual(p.gradients({ x: 1 }, { cotangents: { a: 1, b: 1 } }), { x: 5 });
    assert.throws(() => p.gradients({ x: 1 }, { cotangents: { c: 1 } }), ProgramError);
  });
  it("emitWgsl rejects state and calls", () => {
    const b = new Builder();
    const s = b.state("s", 0);
    assert.throws(() => emitWgsl(b.build(s)), ProgramError);
    const c = new Builder();
    assert.throws(() => emitWgsl(c.build(c.call("f", 1))), ProgramError);
  });
});
