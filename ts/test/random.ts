// Seeded random programs over every opcode, shared by the differential and cross-language tests.
import { Builder, int32, float64, boolean, Program } from "../src/index.js";
import type { Semantics, DType, Value } from "../src/index.js";

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const BIN = ["add", "sub", "mul", "div", "floordiv", "mod", "min", "max", "lt", "le", "gt", "ge", "eq", "ne"];
export const UN = ["neg", "abs", "relu", "sigmoid"];

interface Made { program: Program; cases: Record<string, number>[] }

/** A random DAG over all opcodes; booleans and indices usually well formed, sometimes not. */
export function randomProgram(seed: number, semantics: Semantics, dtype: DType, withState: boolean, withCalls = true): Made {
  const r = rng(seed);
  const pick = <T>(xs: T[]): T => xs[Math.floor(r() * xs.length)]!;
  const b = new Builder({ semantics, dtype, temperature: pick([1, 0.5, 2]), bindings: { twice: [(v: number) => 2 * v, () => [2]] } });
  const nums: Value[] = [b.input("x", float64({ min: -8, max: 8 })), b.input("y"), b.parameter("w", pick([0.5, -1.25, 3]))];
  const bools: Value[] = [b.input("p", boolean())];
  const ints: Value[] = [b.input("i", int32({ min: 0, max: 3 }))];
  let st: Value | null = null;
  if (withState) { st = b.state("s", 1.5); nums.push(st); }
  const any = (): Value => (r() < 0.7 ? pick(nums) : r() < 0.5 ? pick(bools) : pick(ints));
  const boolish = (): Value => (r() < 0.9 ? pick(bools) : any());
  const index = (): Value => (r() < 0.85 ? pick(ints) : any());
  const count = 6 + Math.floor(r() * 18);
  for (let k = 0; k < count; k++) {
    const kind = r();
    let v: Value;
    if (kind < 0.35) {
      const op = pick(BIN);
      v = b.op(op, any(), r() < 0.2 ? b.constant(pick([0, 1, 2, -3, 0.5])) : any());
      if (["lt", "le", "gt", "ge", "eq", "ne"].includes(op)) { bools.push(v); continue; }
      if (op === "floordiv" || op === "mod") { if (r() < 0.5) { ints.push(v); continue; } }
    } else if (kind < 0.45) v = b.op(pick(UN), any());
    else if (kind < 0.55) { v = b.op(pick(["and", "or"]), boolish(), boolish()); bools.push(v); continue; }
    else if (kind < 0.6) { v = b.op("not", boolish()); bools.push(v); continue; }
    else if (kind < 0.72) v = b.select(boolish(), any(), any());
    else if (kind < 0.8) v = b.gather([any(), any(), any(), any()].slice(0, 2 + Math.floor(r() * 3)), index());
    else if (kind < 0.86) { const oh = b.oneHot(index(), 2 + Math.floor(r() * 3)); bools.push(...oh); continue; }
    else if (kind < 0.9) {
      const m = 1 + Math.floor(r() * 3);
      const sel = r() < 0.7 && bools.length > 0 ? b.oneHot(pick(ints), m) : Array.from({ length: m }, () => boolish());
      v = b.gatherOneHot(Array.from({ length: m }, () => any()), sel);
    } else if (kind < 0.95) v = b.affine([any(), any()], [pick([0.1, -2, 3.5]), pick([1, 0.3])], r() < 0.5 ? null : 0.25) as Value;
    else if (kind < 0.98) v = b.sparseAffine([any(), any(), any()], { 0: 0.7, 2: -1.5 }, r() < 0.5 ? null : 1) as Value;
    else if (withCalls) v = b.call("twice", any());
    else v = b.op("neg", any());
    nums.push(v);
  }
  if (st) b.update(st, pick(nums.slice(-3)));
  const outs: Record<string, Value> = { o0: nums[nums.length - 1]!, o1: pick(nums), o2: pick(bools) };
  const program = b.build(outs);
  const cases: Record<string, number>[] = [];
  for (let c = 0; c < 12; c++) {
    cases.push({
      x: pick([0, 1, -1, 2.5, -3.75, 4, 7.5, r() * 16 - 8]),
      y: pick([0, 1, -2, 0.1, 3, 1e300, r() * 10 - 5]),
      p: pick([0, 1]),
      i: pick([0, 1, 2, 3]),
    });
  }
  return { program, cases };
}

