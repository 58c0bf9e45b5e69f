// Coded compiler diagnostics (tool-layer.md §2.7). Values, never thrown.

export type DiagnosticCode =
  | "FS001"
  | "FS002"
  | "FS003"
  | "FS004"
  | "FS005"
  | "FS006"
  | "FS007"
  | "FS008"
  | "FS009"
  | "FS010"
  | "FS011"
  | "FS012"
  | "FS013"
  | "FS014"
  | "FS015"
  | "FS016"
  | "FS017"
  | "FS020"
  | "FS021"
  | "FS022"
  | "FS023"
  | "FS024"
  | "FS025"
  | "FS101"
  | "FS102";

export interface Diagnostic {
  readonly code: DiagnosticCode;
  readonly severity: "error" | "warning";
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

/** Builds a diagnostic; codes FS1xx are warnings, the rest errors. */
export function diag(code: DiagnosticCode, where: Where, message: string): Diagnostic {
  return {
    code,
    severity: code.startsWith("FS1") ? "warning" : "error",
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
