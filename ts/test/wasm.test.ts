// The WebAssembly module interface of §24.2, used directly (no wrapper).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Builder, emitWasm, instantiateWasm, int32, Program, STATUS_KINDS } from "../src/index.js";

describe("emitWasm module interface (§24.2)", () => {
  const b = new Builder({ bindings: { twice: [(v: number) => 2 * v, () => [2]] } });
  const x = b.input("x");
  const k = b.input("k", int32({ min: 0, max: 2 }));
  const w = b.parameter("w", 0.5);
  const s = b.state("s", 1);
  const t = b.state("t", 3);
  b.update(s, s.add(x));
  b.update(t, s);
  const program = b.build({ y: b.call("twice", x.mul(w)), z: b.gather([x, s, t], k), q: b.constant(1).div(x) });

  it("exports memory, run and step; imports env.exp and bindings.<name>", () => {
    const bytes = emitWasm(program);
    assert.ok(WebAssembly.validate(bytes));
    const m = new WebAssembly.Module(bytes);
    assert.deepEqual(WebAssembly.Module.exports(m).map((e) => `${e.kind}:${e.name}`).sort(), ["function:run", "function:step", "memory:memory"]);
    const imports = WebAssembly.Module.imports(m).map((i) => `${i.module}.${i.name}`);
    assert.ok(imports.includes("env.exp"));
    assert.ok(imports.includes("bindings.twice"));
    const stateless = new Builder();
    const sx = stateless.input("x");
    const e = WebAssembly.Module.exports(new WebAssembly.Module(emitWasm(stateless.build(sx.add(1)))));
    assert.deepEqual(e.map((x) => x.name).sort(), ["memory", "run"]);
  });

  it("memory layout: inputs, parameters, states, outputs, next states, failing node", async () => {
    const imports = { env: { exp: Math.exp }, bindings: { twice: (v: number) => 2 * v } };
    const inst = await WebAssembly.instantiate(new WebAssembly.Module(emitWasm(program)), imports);
    const mem = new Float64Array((inst.exports.memory as WebAssembly.Memory).buffer);
    // slots: x k | w | s t | y z q | s' t' | fail
    mem.set([4, 2, 0.5, 10, 20], 0);
    assert.equal((inst.exports.step as () => number)(), 0);
    assert.deepEqual(Array.from(mem.slice(5, 10)), [4, 20, 0.25, 14, 10]);
    mem[0] = 0; // 1 / x: division by zero
    const status = (inst.exports.run as () => number)();
    assert.equal(STATUS_KINDS[status], "division_by_zero");
    assert.equal(mem[10], program.nodes.findIndex((n) => n.op === "div"));
  });

  it("unbound calls fail with status 7 (unbound_call), like the CPU", async () => {
    const p = Program.fromJSON(program.stringify());
    const w = await instantiateWasm(p);
    assert.throws(() => w.run({ x: 1, k: 0 }), (e: unknown) => (e as { kind: string }).kind === "unbound_call");
    assert.throws(() => p.run({ x: 1, k: 0 }), (e: unknown) => (e as { kind: string }).kind === "unbound_call");
    const bad = await instantiateWasm(p, { bindings: { twice: [() => { throw new Error("boom"); }, null] } });
    assert.throws(() => bad.run({ x: 1, k: 0 }), (e: unknown) => (e as { kind: string }).kind === "binding");
  });

  it("float32 programs use f32 instructions", () => {
    const f = new Builder({ dtype: "float32" });
    const a = f.input("a");
    const bytes = emitWasm(f.build(a.mul(0.1).add(a)));
    assert.ok(bytes.includes(0x94) && bytes.includes(0x92), "f32.mul and f32.add opcodes present");
  });
});
