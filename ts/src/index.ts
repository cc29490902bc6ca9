export { Domain, int32, float32, float64, boolean, acceptValue } from "./domain.js";
export {
  ProgramError, CompileError, ArtifactError, EvaluationError, DomainError, GradientError,
  StepLimitError, VerificationError, STATUS_KINDS,
} from "./errors.js";
export type { Binding, Bindings, Forward, Vjp } from "./evaluator.js";
export { sigmoid } from "./evaluator.js";
export { parseArtifact, toArtifact } from "./ir.js";
export type { IRNode, ProgramData, Semantics, DType } from "./ir.js";
export { Program, analyze } from "./program.js";
export type { Analysis, AnalysisIssue } from "./analysis.js";
export type { Inputs, Outputs, VerifyReport } from "./program.js";
export { Builder, Value } from "./builder.js";
export type { Wire, BuilderOptions } from "./builder.js";
export { Runtime } from "./runtime.js";
export type { Snapshot, StepEngine } from "./runtime.js";
export { emitWasm, instantiateWasm } from "./wasm.js";
export type { WasmProgram } from "./wasm.js";
export { emitWgsl } from "./wgsl.js";
