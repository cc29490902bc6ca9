// Python-compiled artifacts with the results Python computed for them
// (test/fixtures/python_fixtures.json, written by make_python_fixtures.py),
// run through the TypeScript CPU evaluator and WebAssembly. Always runs.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { instantiateWasm, Program, Runtime } from "../src/index.js";
import { assertValues, outcome, usesExp } from "./helpers.js";

interface PyFixture {
  name: string;
  artifact: Record<string, unknown>;
  cases: { inputs: Record<string, number>; state: Record<string, number> | null; expect: { outputs: Record<string, number>; next_state: Record<string, number> } | { error: string } }[];
  gradients: { inputs: Record<string, number>; state: Record<string, number> | null; cotangents: Record<string, number> | null; expect: { gradients: Record<string, number> } | { error: string } }[];
}
const file = JSON.parse(readFileSync(new URL("../../test/fixtures/python_fixtures.json", import.meta.url), "utf8")) as
  { fixtures: PyFixture[]; snapshot: unknown; snapshot_next: Record<string, number> };

describe("Python-compiled fixtures", () => {
  for (const f of file.fixtures) {
    it(f.name, async () => {
      const p = Program.fromJSON(f.artifact);
      assert.deepEqual(JSON.parse(p.stringify()), f.artifact, "written back unchanged");
      const exp = usesExp(p);
      const w = await instantiateWasm(p);
      f.cases.forEach((c, i) => {
        const what = `${f.name} case ${i} ${JSON.stringify(c.inputs)}`;
        for (const [label, got] of [["CPU", outcome(() => p.step(c.inputs, { state: c.state }))], ["wasm", outcome(() => w.step(c.inputs, { state: c.state }))]] as const) {
          if ("error" in c.expect) { assert.deepEqual(got, { error: c.expect.error }, `${what} ${label}`); continue; }
          assert.ok("value" in got, `${what} ${label}: raised ${"error" in got ? got.error : ""}`);
          assertValues(got.value[0], c.expect.outputs, exp, `${what} ${label}`);
          assertValues(got.value[1], c.expect.next_state, exp, `${what} ${label} next_state`);
        }
      });
      f.gradients.forEach((g, i) => {
        const what = `${f.name} gradient ${i} ${JSON.stringify(g.inputs)}`;
        const got = outcome(() => p.gradients(g.inputs, { state: g.state, cotangents: g.cotangents }));
        if ("error" in g.expect) { assert.deepEqual(got, { error: g.expect.error }, what); return; }
        assert.ok("value" in got, `${what}: raised ${"error" in got ? got.error : ""}`);
        // the reverse pass's summation order is not specified: §25 tolerance
        assertValues(got.value, g.expect.gradients, true, what);
      });
    });
  }
  it("a Python snapshot restores and continues in TypeScript", () => {
    const rt = Runtime.restore(file.snapshot);
    assert.equal(rt.steps, 2);
    assert.deepEqual(rt.dispatch({ event: 1 }), file.snapshot_next);
    assert.equal(rt.steps, 3);
  });
});
