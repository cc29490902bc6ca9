// optimize (§15.1), analyze (§15.3) and verifiedReplacement (§14.3).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze, Builder, float64, int32, instantiateWasm, VerificationError } from "../src/index.js";
import type { Semantics, DType } from "../src/index.js";
import { outcome } from "./helpers.js";
import { randomProgram } from "./random.js";

describe("optimize", () => {
  it("packs an add/sub chain into one affine node with the same result", () => {
    const b = new Builder();
    const x = b.input("x"), y = b.input("y"), z = b.input("z");
    const p = b.build(b.constant(0.5).add(x.mul(2)).add(y).sub(z.mul(3)).add(b.op("neg", x)));
    const o = p.optimize();
    const ops = o.nodes.map((n) => n.op);
    assert.equal(ops.filter((op) => op === "affine").length, 1);
    assert.ok(!ops.includes("add") && !ops.includes("sub"));
    for (const c of [{ x: 0.1, y: 0.2, z: 0.3 }, { x: 1e308, y: 1e308, z: -1e308 }, { x: -3, y: 7.25, z: 1 / 3 }]) {
      assert.deepEqual(outcome(() => o.run(c)), outcome(() => p.run(c)));
      assert.deepEqual(outcome(() => o.gradients(c)), outcome(() => p.gradients(c)));
    }
  });
  it("folds constants (checked) and removes dead nodes", () => {
    const b = new Builder();
    const x = b.input("x");
    b.op("mul", x, x); // dead
    const bad = b.constant(1).div(0); // folding fails: stays, raises only when live
    const p = b.build({ a: x.add(b.constant(2).mul(3)), b: b.select(x.gt(0), 1, bad) });
    const o = p.optimize();
    assert.ok(o.nodes.length < p.nodes.length);
    assert.ok(o.nodes.some((n) => n.op === "div"));
    assert.deepEqual(o.run({ x: 1 }), { a: 7, b: 1 });
    assert.equal(outcome(() => o.run({ x: -1 })).toString(), outcome(() => p.run({ x: -1 })).toString());
    assert.deepEqual(outcome(() => o.run({ x: -1 })), { error: "division_by_zero" });
  });
  it("keeps outputs, errors and gradients of random programs identical", async () => {
    for (const semantics of ["exact", "relaxed", "hybrid"] as Semantics[]) {
      for (const dtype of ["float64", "float32"] as DType[]) {
        for (let seed = 1; seed <= 25; seed++) {
          const { program, cases } = randomProgram(seed * 7 + dtype.length * 1000 + semantics.length, semantics, dtype, seed % 3 === 0);
          const o = program.optimize();
          const w = await instantiateWasm(o);
          const state = program.hasState ? { s: 0.5 } : null;
          for (const c of cases) {
            const want = outcome(() => program.step(c, { state }));
            assert.deepEqual(outcome(() => o.step(c, { state })), want, `${semantics} ${dtype} seed ${seed} ${JSON.stringify(c)}`);
            assert.deepEqual(outcome(() => w.step(c, { state })), want, `${semantics} ${dtype} seed ${seed} wasm`);
            assert.deepEqual(outcome(() => o.gradients(c, { state, output: "o0" })), outcome(() => program.gradients(c, { state, output: "o0" })),
              `${semantics} ${dtype} seed ${seed} gradients`);
          }
        }
      }
    }
  });
});

describe("analyze", () => {
  it("§15.3 examples", () => {
    const b = new Builder();
    const x = b.input("x", float64({ min: 0, max: 3 }));
    const p = b.build(x.mul(2).add(1));
    const a = analyze(p);
    assert.deepEqual(a.intervals[p.data.outputs[0]![1]], [1, 7]);
    assert.deepEqual(a.issues, []);
    const c = new Builder();
    const y = c.input("x", float64({ min: -1, max: 1 }));
    const q = c.build(c.constant(1).div(y));
    const issues = analyze(q).issues;
    assert.equal(issues.length, 1);
    assert.equal(issues[0]!.kind, "division_by_zero");
    assert.equal(issues[0]!.op, "div");
  });
  it("reports index, one_hot, state-domain and call issues", () => {
    const b = new Builder({ bindings: { f: [(v: number) => v, null] } });
    const i = b.input("i", int32({ min: 0, max: 5 }));
    const s = b.state("s", 0, int32({ min: 0, max: 3 }));
    b.update(s, s.add(1));
    const p = b.build({ g: b.gather([1, 2], i), h: b.gatherOneHot([1, 2], b.oneHot(i, 2)), c: b.call("f", i) });
    const kinds = new Set(analyze(p).issues.map((x) => x.kind));
    for (const k of ["invalid_index", "one_hot", "domain", "unknown"]) assert.ok(kinds.has(k), k);
  });
});

describe("verifiedReplacement", () => {
  const make = (k: number) => {
    const b = new Builder();
    const a = b.input("a", int32({ min: -20, max: 20 }));
    return b.build(b.select(a.gt(4), b.constant(10).add(b.constant(0).mul(a)), k));
  };
  it("accepts an equivalent program and rejects one differing at one case", () => {
    const orig = make(12);
    const b = new Builder();
    const a = b.input("a", int32({ min: -20, max: 20 }));
    const cand = b.build(b.select(a.le(4), 12, 10));
    assert.equal(orig.verifiedReplacement(cand), cand);
    const c2 = new Builder();
    const a2 = c2.input("a", int32({ min: -20, max: 20 }));
    const wrong = c2.build(c2.select(a2.le(5), 12, 10));
    assert.throws(() => orig.verifiedReplacement(wrong), VerificationError);
    const c3 = new Builder();
    const a3 = c3.input("a", int32({ min: -20, max: 20 }));
    const w3 = c3.parameter("w", 1);
    assert.throws(() => orig.verifiedReplacement(c3.build(a3.mul(w3))), VerificationError);
    const c4 = new Builder();
    assert.throws(() => orig.verifiedReplacement(c4.build(c4.input("a").add(0))), VerificationError);
  });
});
