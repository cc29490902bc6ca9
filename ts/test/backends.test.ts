// Differential tests: every opcode under every semantics and dtype, on the CPU
// evaluator, the emitted WebAssembly (bit-identical values, identical error
// kinds and failing nodes) and, for stateless programs, the float32 WGSL shader
// (within explicit tolerances).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Builder, instantiateWasm, int32, boolean } from "../src/index.js";
import type { Semantics, DType, Value } from "../src/index.js";
import { randomProgram } from "./random.js";
import { closeF32, outcome, runWgsl } from "./helpers.js";

const SEMANTICS: Semantics[] = ["exact", "relaxed", "hybrid"];
const DTYPES: DType[] = ["float64", "float32"];

function sameOutputs(a: Record<string, number>, b: Record<string, number>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.is(a[k], b[k]));
}

describe("CPU and WebAssembly agree on random programs over every opcode", () => {
  for (const semantics of SEMANTICS) {
    for (const dtype of DTYPES) {
      for (const withState of [false, true]) {
        it(`${semantics} ${dtype}${withState ? " stateful" : ""}`, async () => {
          let ok = 0, errors = 0;
          const kinds = new Set<string>();
          for (let seed = 1; seed <= 60; seed++) {
            const { program, cases } = randomProgram(seed * 7919 + semantics.length * 31 + (dtype === "float32" ? 1 : 0) + (withState ? 5 : 0), semantics, dtype, withState);
            const w = await instantiateWasm(program);
            for (const c of cases) {
              const state = withState ? { s: c.x! / 2 } : null;
              const cpu = outcome(() => program.step(c, { state }));
              const wasm = outcome(() => w.step(c, { state }));
              if ("error" in cpu) {
                errors++;
                kinds.add(cpu.error);
                assert.deepEqual(wasm, cpu, `seed ${seed} ${JSON.stringify(c)}`);
                // same failing node
                let cn: unknown = null, wn: unknown = null;
                try { program.step(c, { state }); } catch (e) { cn = (e as { node: unknown }).node; }
                try { w.step(c, { state }); } catch (e) { wn = (e as { node: unknown }).node; }
                assert.equal(wn, cn, `seed ${seed}: failing node`);
              } else {
                ok++;
                assert.ok("value" in wasm, `seed ${seed} ${JSON.stringify(c)}: wasm raised ${"error" in wasm ? wasm.error : ""}`);
                assert.ok(sameOutputs(wasm.value[0], cpu.value[0]), `seed ${seed} ${JSON.stringify(c)}: ${JSON.stringify(wasm.value[0])} vs ${JSON.stringify(cpu.value[0])}`);
                assert.ok(sameOutputs(wasm.value[1], cpu.value[1]), `seed ${seed}: next state`);
                if (!withState) assert.ok(sameOutputs(w.run(c), program.run(c)), `seed ${seed}: run`);
              }
            }
          }
          assert.ok(ok > 50, `too few successful cases (${ok})`);
          assert.ok(errors > 10, `too few error cases (${errors})`);
          if (process.env.TC_DEBUG) console.log(semantics, dtype, withState, ok, errors, [...kinds]);
        });
      }
    }
  }
});

describe("WGSL agrees with the float32 CPU evaluator on random stateless programs", () => {
  for (const semantics of SEMANTICS) {
    it(semantics, async () => {
      let compared = 0;
      for (let seed = 1; seed <= 12; seed++) {
        const { program, cases } = randomProgram(seed * 104729 + semantics.length, semantics, "float32", false);
        if (program.hasCalls) continue;
        const small = cases.filter((c) => Math.abs(c.y!) < 1e30);
        const res = await runWgsl(program, small);
        res.forEach((r, i) => {
          const cpu = outcome(() => program.run(small[i]!));
          if ("error" in cpu) return; // status codes are advisory (§24.3)
          if (r.status !== 0) return; // f32 exp/fmod can move a boundary case onto an error
          compared++;
          for (const [k, e] of Object.entries(cpu.value)) {
            // sigmoid/exp and float32 fmod differ in the last bits: explicit tolerance
            assert.ok(closeF32(r.outputs[k]!, e, 1e-4, 1e-4), `seed ${seed} case ${i} ${k}: WGSL ${r.outputs[k]} CPU ${e}`);
          }
        });
      }
      assert.ok(compared > 20, `too few compared cases (${compared})`);
    });
  }
});

describe("per-opcode coverage on all three backends", () => {
  // one program per opcode, float32 so that the WGSL shader computes the same rounding points
  const cases = [
    { a: 1.5, b: 2, c: 1, i: 1 }, { a: -2.25, b: 0.5, c: 0, i: 0 }, { a: 3, b: -4, c: 1, i: 2 }, { a: 0, b: 3, c: 0, i: 1 },
  ];
  const ops: [string, (b: Builder, a: Value, bb: Value, c: Value, i: Value) => Value][] = [
    ...["add", "sub", "mul", "div", "floordiv", "mod", "min", "max", "lt", "le", "gt", "ge", "eq", "ne"].map((op) =>
      [op, (b: Builder, a: Value, bb: Value) => b.op(op, a, bb)] as [string, (b: Builder, a: Value, bb: Value, c: Value, i: Value) => Value]),
    ...["neg", "abs", "relu", "sigmoid"].map((op) => [op, (b: Builder, a: Value) => b.op(op, a)] as [string, (b: Builder, a: Value, bb: Value, c: Value, i: Value) => Value]),
    ["and", (b, _a, _bb, c) => b.op("and", c, b.op("not", c))],
    ["or", (b, a, bb, c) => b.op("or", c, a.gt(bb))],
    ["not", (b, _a, _bb, c) => b.op("not", c)],
    ["select", (b, a, bb, c) => b.select(c, a, bb)],
    ["gather", (b, a, bb, _c, i) => b.gather([a, bb, 7], i)],
    ["one_hot", (b, _a, _bb, _c, i) => b.oneHot(i, 3)[1]!],
    ["gather_one_hot", (b, a, bb, _c, i) => b.gatherOneHot([a, bb, 5], b.oneHot(i, 3))],
    ["affine", (b, a, bb) => b.affine([a, bb], [0.1, 0.7], 0.3) as Value],
    ["sparse_affine", (b, a, bb) => b.sparseAffine([a, bb, a], { 0: 0.25, 2: -3 }) as Value],
    ["constant", (b) => b.constant(0.1)],
    ["parameter", (b) => b.parameter("w", 0.3)],
  ];
  for (const semantics of SEMANTICS) {
    it(semantics, async () => {
      for (const [name, make] of ops) {
        const b = new Builder({ semantics, dtype: "float32", temperature: 0.75 });
        const a = b.input("a"), bb = b.input("b"), c = b.input("c", boolean()), i = b.input("i", int32({ min: 0, max: 2 }));
        const p = b.build({ r: make(b, a, bb, c, i), a, bb: bb.add(0), c, i });
        const w = await instantiateWasm(p);
        const g = await runWgsl(p, cases);
        cases.forEach((cs, k) => {
          const cpu = outcome(() => p.run(cs));
          const wasm = outcome(() => w.run(cs));
          assert.deepEqual(wasm, cpu, `${name} ${semantics} case ${k}`);
          if ("value" in cpu) {
            assert.equal(g[k]!.status, 0, `${name} ${semantics} case ${k}: WGSL status ${g[k]!.status}`);
            assert.ok(closeF32(g[k]!.outputs.r!, cpu.value.r!, 1e-6, 1e-6), `${name} ${semantics} case ${k}: WGSL ${g[k]!.outputs.r} CPU ${cpu.value.r}`);
          } else {
            assert.notEqual(g[k]!.status, 0, `${name} ${semantics} case ${k}: WGSL status 0 but CPU ${cpu.error}`);
          }
          if ("value" in cpu && semantics !== "exact") {
            // the reverse pass runs for every op (hybrid/relaxed use surrogates)
            const gr = outcome(() => p.gradients(cs, { output: "r" }));
            if ("value" in gr) for (const v of Object.values(gr.value)) assert.ok(Number.isFinite(v));
          }
        });
      }
    });
  }
});
