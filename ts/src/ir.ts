// The circuit model (§4) and artifact format v1 (§20): in-memory IR, validation, writing.
import { ArtifactError } from "./errors.js";
import { Domain, DomainType, FLOAT32_MAX, INT32_MAX, INT32_MIN } from "./domain.js";

export type Semantics = "exact" | "relaxed" | "hybrid";
export type DType = "float64" | "float32";
export interface Source { file: string | null; line: number; column: number }
export interface OneHotValue { position: number; size: number }
export interface AffineValue { weights: number[]; bias: number | null }
export interface SparseAffineValue { indices: number[]; weights: number[]; bias: number | null }
export type NodeValue = number | OneHotValue | AffineValue | SparseAffineValue;

export interface IRNode {
  id: number;
  op: string;
  args: number[];
  domain: Domain;
  differentiable: boolean;
  source: Source | null;
  name?: string;
  value?: NodeValue;
  semantics?: Semantics;
  surrogate?: string;
  temperature?: number;
}

export interface ProgramData {
  semantics: Semantics;
  dtype: DType;
  surrogate: string;
  temperature: number;
  nodes: IRNode[];
  /** Output name → node id, in insertion order. */
  outputs: [string, number][];
  /** State node id → next-value node id, in state (id) order. */
  updates: [number, number][];
}

export const LEAF_OPS = new Set(["input", "parameter", "state", "constant"]);
export const BINARY_OPS = new Set([
  "add", "sub", "mul", "div", "floordiv", "mod", "min", "max",
  "lt", "le", "gt", "ge", "eq", "ne", "and", "or",
]);
export const UNARY_OPS = new Set(["neg", "abs", "relu", "sigmoid", "not"]);
export const COMPARISON_OPS = new Set(["lt", "le", "gt", "ge", "eq", "ne"]);
export const BOOLEAN_RESULT_OPS = new Set(["lt", "le", "gt", "ge", "eq", "ne", "and", "or", "not", "one_hot"]);
export const ALL_OPS = new Set([
  ...LEAF_OPS, ...BINARY_OPS, ...UNARY_OPS,
  "select", "gather", "one_hot", "gather_one_hot", "affine", "sparse_affine", "call",
]);
const NAMED_OPS = new Set(["input", "parameter", "state", "call"]);
const VALUED_OPS = new Set(["constant", "parameter", "state", "one_hot", "affine", "sparse_affine"]);
const SEMANTICS = new Set(["exact", "relaxed", "hybrid"]);
const ROOT_KEYS = ["format", "version", "semantics", "dtype", "surrogate", "temperature", "nodes", "outputs", "updates"];
const NODE_KEYS = new Set([
  "id", "op", "args", "shape", "domain", "differentiable", "source", "name", "value",
  "semantics", "surrogate", "temperature",
]);

/** Arity check per §7; returns an error message or null. */
export function arityError(op: string, n: number): string | null {
  if (LEAF_OPS.has(op)) return n === 0 ? null : `${op} takes no arguments`;
  if (BINARY_OPS.has(op)) return n === 2 ? null : `${op} takes 2 arguments, got ${n}`;
  if (UNARY_OPS.has(op) || op === "one_hot") return n === 1 ? null : `${op} takes 1 argument, got ${n}`;
  switch (op) {
    case "select": return n === 3 ? null : `select takes 3 arguments, got ${n}`;
    case "gather": return n >= 2 ? null : `gather takes at least 2 arguments, got ${n}`;
    case "gather_one_hot": return n >= 2 && n % 2 === 0 ? null : `gather_one_hot takes an even number (>= 2) of arguments, got ${n}`;
    case "affine": return n >= 1 ? null : "affine takes at least 1 argument";
    case "sparse_affine": case "call": return null;
  }
  return `unknown op ${JSON.stringify(op)}`;
}

function fail(path: string, msg: string): never {
  throw new ArtifactError(`${path}: ${msg}`);
}
function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
function isInt(v: unknown): v is number {
  return typeof v === "number" && Number.isInteger(v);
}
function isFiniteNum(v: unknown): v is number {
  return typeof v === "number" && Number.isFinite(v);
}
function exactKeys(path: string, o: Record<string, unknown>, keys: string[]): void {
  for (const k of Object.keys(o)) if (!keys.includes(k)) fail(path, `unknown field ${JSON.stringify(k)}`);
  for (const k of keys) if (!(k in o)) fail(path, `missing field ${JSON.stringify(k)}`);
}

export function validateSemantics(path: string, v: unknown): Semantics {
  if (typeof v !== "string" || !SEMANTICS.has(v)) fail(path, `invalid semantics ${JSON.stringify(v)}`);
  return v as Semantics;
}
export function validateSurrogate(path: string, v: unknown): string {
  if (v !== "sigmoid") fail(path, `invalid surrogate ${JSON.stringify(v)} (only "sigmoid")`);
  return v;
}
export function validateTemperature(path: string, v: unknown): number {
  if (!isFiniteNum(v) || v <= 0) fail(path, `temperature must be a finite number > 0`);
  return v;
}

export function parseDomain(path: string, v: unknown): Domain {
  if (!isObj(v)) fail(path, "domain must be an object");
  exactKeys(path, v, ["type", "min", "max"]);
  const t = v.type;
  const min = v.min;
  const max = v.max;
  if (t !== "int32" && t !== "boolean" && t !== "float32" && t !== "float64") fail(`${path}.type`, `unknown domain type ${JSON.stringify(t)}`);
  for (const [k, b] of [["min", min], ["max", max]] as const) {
    if (b === null) continue;
    if (!isFiniteNum(b)) fail(`${path}.${k}`, "bound must be a finite number or null");
    if (t === "int32" && (!Number.isInteger(b) || b < INT32_MIN || b > INT32_MAX)) fail(`${path}.${k}`, "int32 bound must be an integer in the int32 range");
    if (t === "float32" && Math.abs(b) > FLOAT32_MAX) fail(`${path}.${k}`, "float32 bound outside the float32 range");
  }
  if (t === "boolean") {
    if (!(min === null || min === 0) || !(max === null || max === 1)) fail(path, "boolean domain must have min 0 and max 1");
    return new Domain("boolean", 0, 1);
  }
  if (min !== null && max !== null && (min as number) > (max as number)) fail(path, "min > max");
  return new Domain(t as DomainType, min as number | null, max as number | null);
}

/** Whether a literal leaf value lies inside its domain (§20.4 rule 4). */
export function leafValueOk(v: number, d: Domain): boolean {
  if (!Number.isFinite(v)) return false;
  return d.contains(v);
}

function parseValue(path: string, op: string, v: unknown, nargs: number, dtype: DType, d: Domain): NodeValue {
  if (op === "constant" || op === "parameter" || op === "state") {
    if (!isFiniteNum(v)) fail(path, "value must be a finite number");
    if (dtype === "float32" && Math.fround(v) !== v) fail(path, "value is not representable in float32");
    if (!leafValueOk(v, d)) fail(path, `value ${v} outside the node's domain`);
    return v;
  }
  if (!isObj(v)) fail(path, "value must be an object");
  if (op === "one_hot") {
    exactKeys(path, v, ["position", "size"]);
    if (!isInt(v.size) || v.size < 1) fail(`${path}.size`, "size must be an integer >= 1");
    if (!isInt(v.position) || v.position < 0 || v.position >= v.size) fail(`${path}.position`, "position must be an integer in [0, size)");
    return { position: v.position, size: v.size };
  }
  const weightsOf = (w: unknown): number[] => {
    if (!Array.isArray(w)) fail(`${path}.weights`, "weights must be an array");
    w.forEach((x, i) => { if (!isFiniteNum(x)) fail(`${path}.weights[${i}]`, "weight must be a finite number"); });
    if (w.length !== nargs) fail(`${path}.weights`, `expected ${nargs} weights, got ${w.length}`);
    return (w as number[]).slice();
  };
  const biasOf = (b: unknown): number | null => {
    if (b === null) return null;
    if (!isFiniteNum(b)) fail(`${path}.bias`, "bias must be a finite number or null");
    return b;
  };
  if (op === "affine") {
    exactKeys(path, v, ["weights", "bias"]);
    return { weights: weightsOf(v.weights), bias: biasOf(v.bias) };
  }
  exactKeys(path, v, ["indices", "weights", "bias"]);
  const ind = v.indices;
  if (!Array.isArray(ind)) fail(`${path}.indices`, "indices must be an array");
  ind.forEach((x, i) => {
    if (!isInt(x) || x < 0) fail(`${path}.indices[${i}]`, "index must be a non-negative integer");
    if (i > 0 && (x as number) <= (ind[i - 1] as number)) fail(`${path}.indices[${i}]`, "indices must be strictly ascending");
  });
  if (ind.length !== nargs) fail(`${path}.indices`, `expected ${nargs} indices, got ${ind.length}`);
  return { indices: (ind as number[]).slice(), weights: weightsOf(v.weights), bias: biasOf(v.bias) };
}

/** Parse and validate an artifact (text or object) per §20.4. */
export function parseArtifact(input: unknown, maxNodes = 100000): ProgramData {
  let root: unknown = input;
  if (typeof input === "string" || input instanceof Uint8Array) {
    const text = typeof input === "string" ? input : new TextDecoder().decode(input);
    try {
      root = JSON.parse(text);
    } catch (e) {
      throw new ArtifactError(`artifact: invalid JSON (${(e as Error).message})`);
    }
  }
  if (!isObj(root)) fail("artifact", "root must be an object");
  for (const k of Object.keys(root)) if (!ROOT_KEYS.includes(k)) fail("artifact", `unknown root field ${JSON.stringify(k)}`);
  for (const k of ROOT_KEYS) if (!(k in root)) fail("artifact", `missing root field ${JSON.stringify(k)}`);
  if (root.format !== "tensorcode.program") fail("format", `expected "tensorcode.program", got ${JSON.stringify(root.format)}`);
  if (root.version !== 1) fail("version", `unsupported artifact version ${JSON.stringify(root.version)}`);
  const semantics = validateSemantics("semantics", root.semantics);
  if (root.dtype !== "float64" && root.dtype !== "float32") fail("dtype", `invalid dtype ${JSON.stringify(root.dtype)}`);
  const dtype = root.dtype as DType;
  const surrogate = validateSurrogate("surrogate", root.surrogate);
  const temperature = validateTemperature("temperature", root.temperature);
  const rawNodes = root.nodes;
  if (!Array.isArray(rawNodes) || rawNodes.length === 0) fail("nodes", "must be a non-empty array");
  if (rawNodes.length > maxNodes) fail("nodes", `${rawNodes.length} nodes exceed max_nodes ${maxNodes}`);
  const nodes: IRNode[] = [];
  const leafNames = new Set<string>();
  rawNodes.forEach((raw, i) => {
    const p = `nodes[${i}]`;
    if (!isObj(raw)) fail(p, "node must be an object");
    for (const k of Object.keys(raw)) if (!NODE_KEYS.has(k)) fail(p, `unknown field ${JSON.stringify(k)}`);
    for (const k of ["id", "op", "args", "shape", "domain", "differentiable", "source"]) if (!(k in raw)) fail(p, `missing field ${JSON.stringify(k)}`);
    if (!isInt(raw.id) || raw.id !== i) fail(`${p}.id`, `id must equal the index ${i}`);
    const op = raw.op;
    if (typeof op !== "string" || !ALL_OPS.has(op)) fail(`${p}.op`, `unknown op ${JSON.stringify(op)}`);
    if (!Array.isArray(raw.args)) fail(`${p}.args`, "args must be an array");
    raw.args.forEach((a, j) => {
      if (!isInt(a) || a < 0 || a >= i) fail(`${p}.args[${j}]`, `argument must be an integer id in [0, ${i})`);
    });
    const args = (raw.args as number[]).slice();
    const ae = arityError(op, args.length);
    if (ae) fail(`${p}.args`, ae);
    if (!Array.isArray(raw.shape) || raw.shape.length !== 0) fail(`${p}.shape`, "shape must be []");
    const domain = parseDomain(`${p}.domain`, raw.domain);
    if (typeof raw.differentiable !== "boolean") fail(`${p}.differentiable`, "must be a boolean");
    let source: Source | null = null;
    if (raw.source !== null) {
      const s = raw.source;
      if (!isObj(s)) fail(`${p}.source`, "must be null or an object");
      exactKeys(`${p}.source`, s, ["file", "line", "column"]);
      if (s.file !== null && typeof s.file !== "string") fail(`${p}.source.file`, "must be a string or null");
      if (!isInt(s.line) || s.line < 1) fail(`${p}.source.line`, "must be an integer >= 1");
      if (!isInt(s.column) || s.column < 0) fail(`${p}.source.column`, "must be an integer >= 0");
      source = { file: s.file as string | null, line: s.line, column: s.column };
    }
    const node: IRNode = { id: i, op, args, domain, differentiable: raw.differentiable, source };
    if (NAMED_OPS.has(op)) {
      if (!("name" in raw)) fail(p, `${op} node requires a name`);
      if (typeof raw.name !== "string" || raw.name === "") fail(`${p}.name`, "name must be a non-empty string");
      node.name = raw.name;
      if (op !== "call") {
        if (leafNames.has(raw.name)) fail(`${p}.name`, `duplicate name ${JSON.stringify(raw.name)}`);
        leafNames.add(raw.name);
      }
    } else if ("name" in raw) fail(`${p}.name`, `${op} node takes no name`);
    if (VALUED_OPS.has(op)) {
      if (!("value" in raw)) fail(p, `${op} node requires a value`);
      node.value = parseValue(`${p}.value`, op, raw.value, args.length, dtype, domain);
    } else if ("value" in raw) fail(`${p}.value`, `${op} node takes no value`);
    if (op === "parameter" && !domain.isFloating) fail(`${p}.domain`, "parameter domains must be float32 or float64");
    if ("semantics" in raw) node.semantics = validateSemantics(`${p}.semantics`, raw.semantics);
    if ("surrogate" in raw) node.surrogate = validateSurrogate(`${p}.surrogate`, raw.surrogate);
    if ("temperature" in raw) node.temperature = validateTemperature(`${p}.temperature`, raw.temperature);
    nodes.push(node);
  });
  const n = nodes.length;
  const rawOut = root.outputs;
  if (!isObj(rawOut) || Object.keys(rawOut).length === 0) fail("outputs", "must be a non-empty object");
  const outputs: [string, number][] = [];
  for (const [k, v] of Object.entries(rawOut)) {
    if (k === "") fail("outputs", "output names must be non-empty");
    if (!isInt(v) || v < 0 || v >= n) fail(`outputs.${k}`, `must be a node id in [0, ${n})`);
    outputs.push([k, v]);
  }
  const rawUpd = root.updates;
  if (!isObj(rawUpd)) fail("updates", "must be an object");
  const updates: [number, number][] = [];
  for (const [k, v] of Object.entries(rawUpd)) {
    if (!/^(0|[1-9][0-9]*)$/.test(k)) fail(`updates.${k}`, "key must be the decimal id of a state node");
    const sid = Number(k);
    if (sid >= n || nodes[sid]!.op !== "state") fail(`updates.${k}`, "key must be the decimal id of a state node");
    if (!isInt(v) || v < 0 || v >= n) fail(`updates.${k}`, `must be a node id in [0, ${n})`);
    updates.push([sid, v]);
  }
  updates.sort((a, b) => a[0] - b[0]);
  return { semantics, dtype, surrogate, temperature, nodes, outputs, updates };
}

function valueToJSON(v: NodeValue): unknown {
  if (typeof v === "number") return v;
  if ("position" in v) return { position: v.position, size: v.size };
  if ("indices" in v) return { indices: v.indices.slice(), weights: v.weights.slice(), bias: v.bias };
  return { weights: v.weights.slice(), bias: v.bias };
}

export function nodeToJSON(nd: IRNode, data: Pick<ProgramData, "semantics" | "surrogate" | "temperature">): Record<string, unknown> {
  const o: Record<string, unknown> = {
    id: nd.id, op: nd.op, args: nd.args.slice(), shape: [], domain: nd.domain.toJSON(),
    differentiable: nd.differentiable, source: nd.source === null ? null : { ...nd.source },
  };
  if (nd.name !== undefined) o.name = nd.name;
  if (nd.value !== undefined) o.value = valueToJSON(nd.value);
  if (nd.semantics !== undefined && nd.semantics !== data.semantics) o.semantics = nd.semantics;
  if (nd.surrogate !== undefined && nd.surrogate !== data.surrogate) o.surrogate = nd.surrogate;
  if (nd.temperature !== undefined && nd.temperature !== data.temperature) o.temperature = nd.temperature;
  return o;
}

/** A fresh artifact object (§20.1–20.3), keys in the documented order. */
export function toArtifact(data: ProgramData): Record<string, unknown> {
  const outputs: Record<string, number> = {};
  for (const [k, v] of data.outputs) outputs[k] = v;
  const updates: Record<string, number> = {};
  for (const [k, v] of data.updates) updates[String(k)] = v;
  return {
    format: "tensorcode.program", version: 1, semantics: data.semantics, dtype: data.dtype,
    surrogate: data.surrogate, temperature: data.temperature,
    nodes: data.nodes.map((nd) => nodeToJSON(nd, data)), outputs, updates,
  };
}
