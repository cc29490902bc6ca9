// Shared test helpers: fixtures, comparisons, offline WGSL validation and execution.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { parseWgsl, validate } from "naga-wasm";
import { emitWgsl, Program } from "../src/index.js";
import type { Bindings } from "../src/index.js";

export interface FixtureCase {
  inputs: Record<string, number>;
  state?: Record<string, number>;
  expect: { outputs: Record<string, number>; next_state?: Record<string, number> } | { error: string };
}
export interface GradientCase {
  inputs: Record<string, number>;
  state?: Record<string, number>;
  output?: string;
  cotangents?: Record<string, number>;
  expect: { gradients: Record<string, number> } | { error: string };
}
export interface Fixture {
  name: string;
  artifact: Record<string, unknown>;
  uses_exp: boolean;
  bindings: string[];
  wgsl: boolean;
  cases: FixtureCase[];
  gradients: GradientCase[];
}
export interface FixtureFile {
  fixtures: Fixture[];
  invalid: { name: string; artifact: unknown; path: string }[];
  invalid_text: { name: string; text: string; path: string }[];
}

/** Whether a program's results depend on exp (§25: then a tolerance applies). */
export function usesExp(p: Program): boolean {
  return p.nodes.some((n) => {
    const sem = n.semantics ?? p.semantics;
    if (n.op === "sigmoid") return true;
    if (sem === "relaxed" && ["lt", "le", "gt", "ge", "eq", "ne", "one_hot", "gather"].includes(n.op)) return true;
    return sem === "hybrid" && ["lt", "le", "gt", "ge", "eq", "ne"].includes(n.op);
  });
}

export function loadFixtures(): FixtureFile {
  return JSON.parse(readFileSync(new URL("../../test/fixtures/fixtures.json", import.meta.url), "utf8")) as FixtureFile;
}

/** Bindings the fixtures refer to by name. */
export const TEST_BINDINGS: Bindings = {
  double: [(v: number) => 2 * v, () => [2.0]],
  fwdonly: [(v: number) => v + 1, null],
};

/** §25 agreement: bit-identical without exp, else |a-e| <= 1e-12|e| + 1e-300. */
export function agree(actual: number, expected: number, usesExp: boolean, rtol = 1e-12): boolean {
  if (!usesExp) return actual === expected;
  return Math.abs(actual - expected) <= rtol * Math.abs(expected) + 1e-300;
}

export function assertValues(actual: Record<string, number>, expected: Record<string, number>, usesExp: boolean, what: string, rtol = 1e-12): void {
  assert.deepEqual(Object.keys(actual).sort(), Object.keys(expected).sort(), `${what}: names`);
  for (const k of Object.keys(expected)) {
    assert.ok(agree(actual[k]!, expected[k]!, usesExp, rtol), `${what}: ${k} = ${actual[k]} expected ${expected[k]}`);
  }
}

/** Run fn; return {value} or {error: kind}. Non-evaluation errors propagate. */
export function outcome<T>(fn: () => T): { value: T } | { error: string } {
  try {
    return { value: fn() };
  } catch (e) {
    const kind = (e as { kind?: string }).kind;
    if (typeof kind !== "string") throw e;
    return { error: kind };
  }
}

export async function outcomeAsync<T>(fn: () => Promise<T>): Promise<{ value: T } | { error: string }> {
  try {
    return { value: await fn() };
  } catch (e) {
    const kind = (e as { kind?: string }).kind;
    if (typeof kind !== "string") throw e;
    return { error: kind };
  }
}

/** Validate WGSL with naga (parse + validate); throws with naga's message. */
export function nagaValidate(src: string): void {
  const m = parseWgsl(src);
  const info = validate(m);
  info.free();
  m.free();
}

// wgsl_reflect's package entry for Node is broken (CommonJS in a module package); load its ES build.
type WgslExecCtor = new (ast: unknown) => { dispatchWorkgroups(k: string, n: number, b: object): void };
let wgslReflect: { WgslExec: WgslExecCtor; WgslParser: new () => { parse(s: string): unknown } } | null = null;
async function reflectLib(): Promise<NonNullable<typeof wgslReflect>> {
  if (wgslReflect === null) {
    const spec = "wgsl_reflect/wgsl_reflect.module.js";
    wgslReflect = (await import(spec)) as NonNullable<typeof wgslReflect>;
  }
  return wgslReflect;
}

/**
 * Emit, validate and execute a stateless program's WGSL on the CPU
 * (wgsl_reflect's interpreter), one invocation per case.
 */
export async function runWgsl(program: Program, cases: Record<string, number>[]): Promise<{ outputs: Record<string, number>; status: number }[]> {
  // the default shader (workgroup size 64) is what a GPU runs: validate it;
  // wgsl_reflect's interpreter mishandles more than 6 invocations per
  // workgroup, so execute a workgroup-size-1 build, one workgroup per case
  nagaValidate(emitWgsl(program));
  const src = emitWgsl(program, { workgroupSize: 1 });
  nagaValidate(src);
  const lib = await reflectLib();
  const exec = new lib.WgslExec(new lib.WgslParser().parse(src));
  const inNames = Object.keys(program.inputs);
  const outNames = program.outputs;
  const inputs = new Float32Array(Math.max(1, cases.length * inNames.length));
  cases.forEach((c, i) => inNames.forEach((k, j) => { inputs[i * inNames.length + j] = c[k]!; }));
  const pv = Object.values(program.parameters);
  const params = new Float32Array(Math.max(1, pv.length));
  pv.forEach((v, i) => { params[i] = v; });
  const outputs = new Float32Array(cases.length * outNames.length);
  const status = new Uint32Array(cases.length);
  exec.dispatchWorkgroups("main", cases.length, { 0: { 0: inputs, 1: params, 2: outputs, 3: status } });
  return cases.map((_, i) => {
    const o: Record<string, number> = {};
    outNames.forEach((k, j) => { o[k] = outputs[i * outNames.length + j]!; });
    return { outputs: o, status: status[i]! };
  });
}

/** Float32 comparison for WGSL results against the CPU evaluator. */
export function closeF32(a: number, e: number, atol: number, rtol: number): boolean {
  return Math.abs(a - e) <= atol + rtol * Math.abs(e);
}

export function fixtureBindings(f: Fixture): Bindings {
  const b: Bindings = {};
  for (const k of f.bindings) if (TEST_BINDINGS[k]) b[k] = TEST_BINDINGS[k]!;
  return b;
}
