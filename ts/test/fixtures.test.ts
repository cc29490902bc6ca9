// Fixture artifacts with independently computed expectations (test/fixtures/make_fixtures.py),
// run through the CPU evaluator, the emitted WebAssembly and (stateless) the WGSL shader.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ArtifactError, instantiateWasm, Program } from "../src/index.js";
import { assertValues, closeF32, fixtureBindings, loadFixtures, outcome, runWgsl } from "./helpers.js";

const file = loadFixtures();

describe("fixtures: CPU evaluator", () => {
  for (const f of file.fixtures) {
    it(f.name, () => {
      const p = Program.fromJSON(f.artifact, { bindings: fixtureBindings(f) });
      for (const [i, c] of f.cases.entries()) {
        const what = `${f.name} case ${i}`;
        const got = outcome(() => p.step(c.inputs, { state: c.state ?? null }));
        if ("error" in c.expect) {
          assert.deepEqual(got, { error: c.expect.error }, what);
          continue;
        }
        assert.ok("value" in got, `${what}: unexpected error ${"error" in got ? got.error : ""}`);
        const [out, next] = got.value;
        assertValues(out, c.expect.outputs, f.uses_exp, what);
        if (c.expect.next_state) assertValues(next, c.expect.next_state, false, `${what} next_state`);
        if (!p.hasState) assertValues(p.run(c.inputs), c.expect.outputs, f.uses_exp, `${what} run`);
      }
    });
  }
});

describe("fixtures: gradients (CPU)", () => {
  for (const f of file.fixtures) {
    if (f.gradients.length === 0) continue;
    it(f.name, () => {
      const p = Program.fromJSON(f.artifact, { bindings: fixtureBindings(f) });
      for (const [i, g] of f.gradients.entries()) {
        const what = `${f.name} gradient ${i}`;
        const got = outcome(() => p.gradients(g.inputs, { state: g.state ?? null, output: g.output ?? null, cotangents: g.cotangents ?? null }));
        if ("error" in g.expect) { assert.deepEqual(got, { error: g.expect.error }, what); continue; }
        assert.ok("value" in got, `${what}: unexpected error ${"error" in got ? got.error : ""}`);
        // expected gradients are closed-form sums; allow for a different summation order
        assertValues(got.value, g.expect.gradients, f.uses_exp, what, 1e-12);
      }
    });
  }
});

describe("fixtures: WebAssembly", () => {
  for (const f of file.fixtures) {
    it(f.name, async () => {
      const p = Program.fromJSON(f.artifact, { bindings: fixtureBindings(f) });
      const w = await instantiateWasm(p);
      for (const [i, c] of f.cases.entries()) {
        const what = `${f.name} case ${i} (wasm)`;
        const got = outcome(() => w.step(c.inputs, { state: c.state ?? null }));
        const cpu = outcome(() => p.step(c.inputs, { state: c.state ?? null }));
        if ("error" in c.expect) {
          assert.deepEqual(got, { error: c.expect.error }, what);
          assert.equal((got as unknown as { error: string }).error, (cpu as { error: string }).error);
          continue;
        }
        assert.ok("value" in got, `${what}: unexpected error ${"error" in got ? got.error : ""}`);
        assertValues(got.value[0], c.expect.outputs, f.uses_exp, what);
        if (c.expect.next_state) assertValues(got.value[1], c.expect.next_state, false, `${what} next_state`);
        // WebAssembly and the CPU evaluator share Math.exp: always bit-identical
        assert.ok("value" in cpu);
        assertValues(got.value[0], cpu.value[0], false, `${what} vs CPU`);
        if (!p.hasState) assertValues(w.run(c.inputs), cpu.value[0], false, `${what} run`);
      }
    });
  }
});

describe("fixtures: WGSL (float32, offline)", () => {
  for (const f of file.fixtures) {
    if (!f.wgsl) continue;
    it(f.name, async () => {
      // WGSL computes in f32: compare with the CPU evaluator on the float32 version of the program
      const art = { ...f.artifact, dtype: "float32" } as Record<string, unknown>;
      const p32 = outcome(() => Program.fromJSON(art));
      if ("error" in p32) return; // not representable as float32 (none at present)
      const p = p32.value;
      const cases = f.cases.filter((c) => "outputs" in c.expect).map((c) => c.inputs);
      const res = await runWgsl(p, cases);
      res.forEach((r, i) => {
        const cpu = outcome(() => p.run(cases[i]!));
        if ("error" in cpu) return; // float32 rounding can move a case onto an error; status codes are advisory
        assert.equal(r.status, 0, `${f.name} case ${i}: WGSL status ${r.status}`);
        for (const [k, e] of Object.entries(cpu.value)) {
          assert.ok(closeF32(r.outputs[k]!, e, 1e-5, 1e-5), `${f.name} case ${i}: ${k} WGSL ${r.outputs[k]} CPU ${e}`);
        }
      });
    });
  }
});

describe("fixtures: invalid artifacts", () => {
  for (const bad of file.invalid) {
    it(bad.name, () => {
      assert.throws(() => Program.fromJSON(bad.artifact), (e: unknown) => {
        assert.ok(e instanceof ArtifactError, `expected ArtifactError, got ${String(e)}`);
        assert.ok(e.message.includes(bad.path), `message ${JSON.stringify(e.message)} should name ${bad.path}`);
        return true;
      });
    });
  }
  for (const bad of file.invalid_text) {
    it(bad.name, () => {
      assert.throws(() => Program.fromJSON(bad.text), ArtifactError);
    });
  }
  it("round trip keeps every fixture artifact byte for byte", () => {
    for (const f of file.fixtures) {
      const p = Program.fromJSON(JSON.stringify(f.artifact));
      assert.deepEqual(JSON.parse(p.stringify()), f.artifact, f.name);
    }
  });
});
