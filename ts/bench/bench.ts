// Benchmark (issue 5): a 1,000-node artifact run 10^5 times through the CPU
// evaluator and through the emitted WebAssembly, in one process; prints the ratio.
// Usage: npm run bench [-- runs]
import { Builder, float64, instantiateWasm, Program } from "../src/index.js";
import type { Value } from "../src/index.js";

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

/** A mixed, error-free exact float64 program with exactly `size` nodes. */
export function benchProgram(size = 1000): Program {
  const r = rng(2026);
  const b = new Builder();
  const pool: Value[] = [b.input("x", float64({ min: -10, max: 10 })), b.input("y", float64({ min: -10, max: 10 })), b.input("z", float64({ min: -10, max: 10 }))];
  const pick = (): Value => pool[pool.length - 1 - Math.floor(r() * Math.min(pool.length, 24))]!;
  const limit = size - 12;
  while (b.size < limit) {
    const k = r();
    let v: Value;
    if (k < 0.25) { v = pick().add(pick()); }
    else if (k < 0.45) { v = pick().mul(b.constant(0.5 + r())); }
    else if (k < 0.55) { v = pick().sub(pick()); }
    else if (k < 0.65) { v = b.op("max", pick(), pick()); }
    else if (k < 0.72) { v = b.op("min", pick(), b.constant(50)); }
    else if (k < 0.82) { v = b.select(pick().gt(pick()), pick(), pick().mul(-0.25)); }
    else if (k < 0.9) { v = b.affine([pick(), pick(), pick()], [0.25, -0.5, 0.125], 1) as Value; }
    else if (k < 0.95) { v = b.op("abs", pick()); }
    else { v = b.op("relu", pick()); }
    // keep values bounded: clamp with min/max every few nodes
    if (r() < 0.15) v = b.op("max", b.op("min", v, 1e6), -1e6);
    pool.push(v);
  }
  let out = pool[pool.length - 1]!;
  while (b.size < size) out = out.add(pool[b.size % pool.length]!);
  const p = b.build(out);
  if (p.nodes.length !== size) throw new Error(`bench program has ${p.nodes.length} nodes, expected ${size}`);
  return p;
}

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 100000);
  const program = Program.fromJSON(benchProgram(1000).stringify());
  const wasm = await instantiateWasm(program);
  const inputs = Array.from({ length: 64 }, (_, i) => ({ x: (i % 13) - 6.5, y: ((i * 7) % 11) - 5, z: ((i * 3) % 17) / 4 - 2 }));
  for (const c of inputs) {
    const a = program.run(c).result!, w = wasm.run(c).result!;
    if (!Object.is(a, w)) throw new Error(`CPU ${a} and WebAssembly ${w} disagree`);
  }
  const time = (f: (i: number) => number): [number, number] => {
    let acc = 0;
    for (let i = 0; i < Math.min(runs, 2000); i++) acc += f(i); // warm-up
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < runs; i++) acc += f(i);
    return [Number(process.hrtime.bigint() - t0) / 1e9, acc];
  };
  const [cpu, a1] = time((i) => program.run(inputs[i & 63]!).result!);
  const [wa, a2] = time((i) => wasm.run(inputs[i & 63]!).result!);
  const runRaw = wasm.exports.run as () => number;
  const [raw] = time(() => runRaw());
  if (!Object.is(a1, a2)) throw new Error("checksums differ");
  console.log(`program: ${program.nodes.length} nodes, ${runs} runs, WebAssembly module ${wasm.bytes.length} bytes`);
  console.log(`CPU evaluator:           ${cpu.toFixed(3)} s  (${((cpu / runs) * 1e6).toFixed(2)} us/run)`);
  console.log(`WebAssembly (wrapper):   ${wa.toFixed(3)} s  (${((wa / runs) * 1e6).toFixed(2)} us/run)`);
  console.log(`WebAssembly (run() only): ${raw.toFixed(3)} s  (${((raw / runs) * 1e6).toFixed(2)} us/run)`);
  console.log(`ratio CPU / WebAssembly: ${(cpu / wa).toFixed(1)}x (wrapper), ${(cpu / raw).toFixed(1)}x (run() only)`);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop()!)) {
  main().catch((e) => { console.error(e); process.exit(1); });
}
