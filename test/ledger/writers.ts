// Starts ledger writer processes (writer.ts) together: all connect first, then all start writing at once.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import type { BackendKind } from "./open_store.js";

const WRITER = path.join(import.meta.dirname, "writer.ts");

export interface Writer {
  readonly child: ChildProcess;
  /** The lines it printed after "ready": "<new> <fingerprint>" per committed call, then "done". */
  readonly lines: string[];
  /** Resolves when it has printed `count` lines after "ready" (or rejects when it exits first). */
  linesSeen(count: number): Promise<void>;
  /** Resolves to its exit code, or the signal that ended it. */
  readonly exited: Promise<number | NodeJS.Signals>;
}

export interface WriterJob {
  kind: BackendKind;
  location: string;
  ledger: string;
  mode: "distinct" | "same";
  calls: number;
}

function startWriter(job: WriterJob, worker: number): { writer: Writer; ready: Promise<void> } {
  const args = [job.kind, job.location, job.ledger, job.mode, String(worker), String(job.calls)];
  const child = spawn(process.execPath, ["--import", "tsx", WRITER, ...args], { stdio: ["pipe", "pipe", "pipe"] });
  const lines: string[] = [];
  let stderr = "";
  let buffered = "";
  let markReady: () => void = () => undefined;
  const waiters: { count: number; resolve: () => void }[] = [];
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stderr?.on("data", (d) => (stderr += String(d)));
  child.stdout?.on("data", (d) => {
    buffered += String(d);
    const parts = buffered.split("\n");
    buffered = parts.pop() ?? "";
    for (const line of parts) line === "ready" ? markReady() : lines.push(line);
    for (const w of waiters.filter((w) => lines.length >= w.count)) w.resolve();
  });
  const exited = new Promise<number | NodeJS.Signals>((resolve) =>
    child.once("exit", (code, signal) => resolve(signal ?? code ?? -1)),
  );
  const failed = exited.then((how) => {
    throw new Error(`writer ${worker} exited (${how}) after ${lines.length} lines: ${stderr.trim()}`);
  });
  const linesSeen = (count: number) =>
    lines.length >= count
      ? Promise.resolve()
      : Promise.race([new Promise<void>((resolve) => waiters.push({ count, resolve })), failed]);
  failed.catch(() => undefined);
  return { writer: { child, lines, linesSeen, exited }, ready: Promise.race([ready, failed]) };
}

/** Starts `processes` writers, waits until every one has its store open, then tells them all to go. */
export async function startWriters(job: WriterJob, processes: number): Promise<Writer[]> {
  const started = Array.from({ length: processes }, (_, i) => startWriter(job, i));
  await Promise.all(started.map((s) => s.ready));
  for (const s of started) s.writer.child.stdin?.write("go\n");
  return started.map((s) => s.writer);
}

/** Waits for every writer to exit cleanly (code 0) and resolves to all their "<new> <fingerprint>" lines. */
export async function finished(writers: readonly Writer[]): Promise<string[][]> {
  const codes = await Promise.all(writers.map((w) => w.exited));
  codes.forEach((code, i) => {
    if (code !== 0) throw new Error(`writer ${i} exited with ${code}`);
  });
  return writers.map((w) => w.lines.filter((l) => l !== "done"));
}
