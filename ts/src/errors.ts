// Exception classes of spec §22, mirrored for the TypeScript SDK (§24.1).

export class ProgramError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** Builder misuse, limits. */
export class CompileError extends ProgramError {}

/** Artifact or snapshot validation (§20.4, §21). */
export class ArtifactError extends ProgramError {}

export type ErrorKind =
  | "domain"
  | "non_finite"
  | "division_by_zero"
  | "invalid_index"
  | "one_hot"
  | "unbound_call"
  | "binding";

/** Run-time numerical errors (§9.3); `kind` and `node` as in Python. */
export class EvaluationError extends ProgramError {
  readonly kind: ErrorKind | string;
  readonly node: number | null;
  /** Set by Runtime.replay: index of the failing event. */
  eventIndex?: number;
  constructor(kind: ErrorKind | string, node: number | null, message?: string) {
    super(message ?? `${kind} error${node === null ? "" : ` at node ${node}`}`);
    this.kind = kind;
    this.node = node;
  }
}

export class DomainError extends EvaluationError {
  constructor(node: number | null, message?: string) {
    super("domain", node, message);
  }
}

/** Differentiation through a forward-only call. */
export class GradientError extends EvaluationError {
  constructor(node: number | null, message?: string) {
    super("gradient", node, message);
  }
}

export class StepLimitError extends ProgramError {}

export class VerificationError extends ProgramError {}

/** WebAssembly / WGSL status codes (§24.2), index = code. */
export const STATUS_KINDS: readonly (ErrorKind | null)[] = [
  null,
  "non_finite",
  "division_by_zero",
  "invalid_index",
  "domain",
  "one_hot",
  "binding",
  "unbound_call",
];

export function statusCode(kind: string): number {
  const i = STATUS_KINDS.indexOf(kind as ErrorKind);
  return i < 0 ? 4 : i;
}

export function makeEvaluationError(kind: string, node: number | null, message?: string): EvaluationError {
  return kind === "domain" ? new DomainError(node, message) : new EvaluationError(kind, node, message);
}
