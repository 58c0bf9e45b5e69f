// Coded compiler diagnostics. Values, never thrown; codes and severities live in codes.ts.

import { CODES, type DiagnosticCode, type Severity } from "./codes.js";

export type { DiagnosticCode, Severity } from "./codes.js";

export interface Diagnostic {
  readonly code: DiagnosticCode;
  readonly severity: Severity;
  readonly guard: string | null;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly path: string;
  readonly message: string;
}

export interface Where {
  readonly guard: string | null;
  readonly file: string;
  readonly line: number;
  readonly column?: number;
  readonly path?: string;
}

/** Builds a diagnostic with its code's registered severity. */
export function diag(code: DiagnosticCode, where: Where, message: string): Diagnostic {
  return {
    code,
    severity: CODES[code].severity,
    guard: where.guard,
    file: where.file,
    line: where.line,
    column: where.column ?? 1,
    path: where.path ?? "",
    message,
  };
}

/** Sorted by file, line, column, then code: the order gen prints them in. */
export function sortDiagnostics(ds: readonly Diagnostic[]): Diagnostic[] {
  return [...ds].sort((a, b) =>
    a.file < b.file
      ? -1
      : a.file > b.file
        ? 1
        : a.line - b.line || a.column - b.column || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
}

/** `guards/cost_curve.ts:42:3: error FS007: ...` */
export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column}: ${d.severity} ${d.code}: ${d.message}`;
}

export function isError(d: Diagnostic): boolean {
  return d.severity === "error";
}
