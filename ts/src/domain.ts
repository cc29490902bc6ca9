// Domains (§5) and value acceptance (§5.1).
import { CompileError, DomainError } from "./errors.js";

export type DomainType = "int32" | "boolean" | "float32" | "float64";
export const FLOAT32_MAX = 3.4028234663852886e38;
export const FLOAT64_MAX = Number.MAX_VALUE;
export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;

export class Domain {
  readonly type: DomainType;
  readonly min: number | null;
  readonly max: number | null;
  constructor(type: DomainType, min: number | null = null, max: number | null = null) {
    this.type = type;
    this.min = min;
    this.max = max;
    Object.freeze(this);
  }
  equals(o: Domain): boolean {
    return this.type === o.type && this.min === o.min && this.max === o.max;
  }
  /** Effective lower bound (null bounds replaced by the type's range). */
  get lo(): number {
    if (this.min !== null) return this.min;
    switch (this.type) {
      case "int32": return INT32_MIN;
      case "boolean": return 0;
      case "float32": return -FLOAT32_MAX;
      default: return -FLOAT64_MAX;
    }
  }
  get hi(): number {
    if (this.max !== null) return this.max;
    switch (this.type) {
      case "int32": return INT32_MAX;
      case "boolean": return 1;
      case "float32": return FLOAT32_MAX;
      default: return FLOAT64_MAX;
    }
  }
  get isFloating(): boolean {
    return this.type === "float32" || this.type === "float64";
  }
  toJSON(): { type: DomainType; min: number | null; max: number | null } {
    return { type: this.type, min: this.min, max: this.max };
  }
  toString(): string {
    if (this.type === "boolean") return "boolean()";
    return `${this.type}(min=${this.min}, max=${this.max})`;
  }
  /** True when a computed value (already finite) lies in this domain (§9.2). */
  contains(v: number): boolean {
    if (!Number.isFinite(v)) return false;
    switch (this.type) {
      case "boolean": return v === 0 || v === 1;
      case "int32": return Number.isInteger(v) && v >= this.lo && v <= this.hi;
      default: return v >= this.lo && v <= this.hi;
    }
  }
}

type Bounds = { min?: number | null; max?: number | null };

function checkFloatBounds(type: DomainType, min: number | null, max: number | null, limit: number): void {
  for (const b of [min, max]) {
    if (b === null) continue;
    if (typeof b !== "number" || !Number.isFinite(b)) throw new CompileError(`${type} bounds must be finite numbers`);
    if (Math.abs(b) > limit) throw new CompileError(`${type} bound ${b} outside the finite ${type} range`);
  }
  if (min !== null && max !== null && min > max) throw new CompileError(`${type}: min > max`);
}

export function int32(b: Bounds = {}): Domain {
  const min = b.min ?? null;
  const max = b.max ?? null;
  for (const v of [min, max]) {
    if (v === null) continue;
    if (typeof v !== "number" || !Number.isInteger(v)) throw new CompileError("int32 bounds must be integers");
    if (v < INT32_MIN || v > INT32_MAX) throw new CompileError(`int32 bound ${v} outside the int32 range`);
  }
  if (min !== null && max !== null && min > max) throw new CompileError("int32: min > max");
  // null bounds stay null (the int32 range), as the Python component writes them
  return new Domain("int32", min, max);
}

export function boolean(): Domain {
  return new Domain("boolean", 0, 1);
}

export function float32(b: Bounds = {}): Domain {
  const min = b.min ?? null;
  const max = b.max ?? null;
  checkFloatBounds("float32", min, max, FLOAT32_MAX);
  return new Domain("float32", min, max);
}

export function float64(b: Bounds = {}): Domain {
  const min = b.min ?? null;
  const max = b.max ?? null;
  checkFloatBounds("float64", min, max, FLOAT64_MAX);
  return new Domain("float64", min, max);
}

/**
 * Accept a supplied value for an input, state or parameter (§5.1).
 * Returns the accepted number (float32 domains round); raises DomainError.
 */
export function acceptValue(v: unknown, d: Domain, node: number | null, what: string): number {
  let x: number;
  if (typeof v === "boolean") x = v ? 1 : 0;
  else if (typeof v === "number") x = v;
  else throw new DomainError(node, `${what}: expected a real number, got ${typeof v}`);
  if (!Number.isFinite(x)) throw new DomainError(node, `${what}: value must be finite, got ${x}`);
  switch (d.type) {
    case "int32":
      if (!Number.isInteger(x)) throw new DomainError(node, `${what}: ${x} is not an integer`);
      break;
    case "boolean":
      if (x !== 0 && x !== 1) throw new DomainError(node, `${what}: ${x} is not 0 or 1`);
      break;
    case "float32":
      x = Math.fround(x);
      if (!Number.isFinite(x)) throw new DomainError(node, `${what}: ${v} overflows float32`);
      break;
    default:
      break;
  }
  if (x < d.lo || x > d.hi) throw new DomainError(node, `${what}: ${x} outside ${d.toString()}`);
  return x === 0 ? x : x; // keep -0.0
}
