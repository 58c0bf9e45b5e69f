#!/usr/bin/env node
// fin-skills: tools | call <tool> | check <bundle.json> | demo
import "./node_check.cjs";
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  ALWAYS_LOADED,
  BadInputError,
  DEFERRABLE_FORMATS,
  ToolError,
  callToolUntyped,
  closeLedger,
  inlineFileReferences,
  listTools,
  tableInfo,
} from "../runtime/index.js";
import { backtestReport, progressBar, writeHtmlReport } from "./report.js";
import { toolsCommand } from "./tools_command.js";
import { UsageError, parseCommandArgs, usageErrorText } from "./usage_error.js";
import { argOptions } from "./file_args.js";
import { LEDGER_USAGE_LINES, LedgerFailure, ledgerCommand } from "./ledger_command.js";
import { exitWhenFlushed, quietOnClosedPipe } from "./exit.js";
import { LEDGER_OPTIONS, applyLedgerFlags } from "./ledger_flags.js";

const USAGE = `fin-skills: research-integrity checks for quantitative finance, from the shell.
The same checks are served to agents by the MCP server fin-skills-mcp (--help).

Usage:
  fin-skills tools [--format F] [--tools all|catalogue|a,b] [--indent N] [--defer]
                   [--json | --list | --excluded | --stats]
      --defer (${DEFERRABLE_FORMATS.join(", ")}): every tool but
      ${ALWAYS_LOADED.join(", ")} gets defer_loading
  fin-skills call <tool> [--args JSON | --args-file FILE | --args-file -]
                  [--arg name=VALUE]... [--data-dir DIR]... [LEDGER]
  fin-skills check [<bundle.json>] [--arg slot=VALUE]... [--data-dir DIR]...
                   [--html FILE|-] [--verbose] [LEDGER]
      run check_backtest on a file of slots and/or --arg slots and print a
      report; --html also writes a self-contained HTML report with charts
      (- for stdout)
  LEDGER: --ledger FILE|URL, --ledger-name NAME or --no-ledger: the research ledger
      call and check record trials in, the server's default (see fin-skills-mcp --help)
  --arg name=VALUE: VALUE is JSON, or @file[:column] for a series, @file:a,b
      for a frame, read from a CSV, TSV, Parquet, JSON or NDJSON file. Files
      are read only under --data-dir (default: the working directory, and for
      check also the bundle's directory).
${LEDGER_USAGE_LINES}  fin-skills demo     the worked example over a stdio MCP connection
  fin-skills --version
Exit codes: 0 pass, 1 fail or incomplete, 2 bad input or usage error.
`;

/** The text of --args-file (- is stdin); an unreadable file is a usage error. */
function readArgsFile(file: string): string {
  try {
    return readFileSync(file === "-" ? 0 : file, "utf8");
  } catch (e) {
    throw new UsageError(
      `cannot read --args-file ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
}

const FILE_OPTIONS = {
  arg: { type: "string", multiple: true },
  "data-dir": { type: "string", multiple: true },
  ...LEDGER_OPTIONS,
} as const;

/** The directories file references may read: --data-dir, else the working directory (and `extra`). */
function dataDirs(given: readonly string[] | undefined, ...extra: string[]): readonly string[] {
  return given ?? [process.cwd(), ...extra];
}

/**
 * Sets the research ledger call and check record in, as the server's flags do (the server's default: under
 * the first --data-dir, else the working directory; $FIN_SKILLS_LEDGER); a bad flag is a usage error.
 */
async function useLedgerFlags(values: Parameters<typeof applyLedgerFlags>[0], dirs: string[] | undefined) {
  const bad = await applyLedgerFlags(values, dirs);
  if (bad !== null) throw new UsageError(bad);
}

async function readArgs(argv: string[], tool: string): Promise<{ args: unknown; dataDirs: readonly string[] }> {
  const { values } = parseCommandArgs("call", {
    args: argv,
    options: { args: { type: "string" }, "args-file": { type: "string" }, ...FILE_OPTIONS },
    strict: true,
  });
  await useLedgerFlags(values, values["data-dir"]);
  const dirs = dataDirs(values["data-dir"]);
  const extra = argOptions(values.arg ?? [], tool);
  if (values.args !== undefined && values["args-file"] !== undefined)
    throw new UsageError("give --args or --args-file, not both");
  const text = values.args ?? (values["args-file"] === undefined ? "{}" : readArgsFile(values["args-file"]));
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`arguments are not JSON: ${(e as Error).message}`);
  }
  const args = Object.keys(extra).length ? { ...(parsed as object), ...extra } : parsed;
  return { args, dataDirs: dirs };
}

function exitFor(result: Record<string, unknown>): number {
  if (result.status === "fail" || result.status === "incomplete") return 1;
  return 0;
}

async function call(argv: string[]): Promise<number> {
  const [tool, ...rest] = argv;
  if (!tool || tool.startsWith("-")) throw new UsageError("call needs a tool name: fin-skills call <tool> ...");
  const tools = listTools();
  if (!tools.some((t) => t.name === tool))
    throw new UsageError(`no tool named '${tool}'; fin-skills tools --list names the ${tools.length} tools`);
  const { args, dataDirs: dirs } = await readArgs(rest, tool);
  const result = await callToolUntyped(tool, args, { dataDirs: dirs });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  return exitFor(result);
}

function checkArgs(argv: string[]) {
  const options = { html: { type: "string" }, verbose: { type: "boolean" }, ...FILE_OPTIONS } as const;
  return parseCommandArgs("check", { args: argv, options, allowPositionals: true, strict: true });
}

/**
 * The bundle's slots with file references read as the guards read them, for the report's equity curve:
 * series and frame slots as check_backtest reads them, then returns and turnover as check_cost_curve does.
 */
async function reportSlots(slots: unknown, dirs: readonly string[]): Promise<unknown> {
  const options = { dataDirs: dirs };
  try {
    const bundle = (await inlineFileReferences("check_backtest", { slots }, options)).slots as Record<string, unknown>;
    return await inlineFileReferences("check_cost_curve", bundle, options);
  } catch {
    return slots; // the call itself reported any unreadable reference; the report then notes what it cannot draw
  }
}

async function check(argv: string[]): Promise<number> {
  const { values: opts, positionals } = checkArgs(argv);
  const [file] = positionals;
  const extra = argOptions(opts.arg ?? [], null);
  if (positionals.length > 1 || (!file && Object.keys(extra).length === 0))
    throw new UsageError("check needs one bundle file or --arg slots: fin-skills check bundle.json");
  let slots: unknown = {};
  if (file) {
    try {
      slots = JSON.parse(readFileSync(file === "-" ? 0 : file, "utf8"));
    } catch (e) {
      throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
    }
  }
  if (Object.keys(extra).length) slots = { ...(slots as object), ...extra };
  const dirs = dataDirs(opts["data-dir"], ...(file && file !== "-" ? [path.dirname(path.resolve(file))] : []));
  await useLedgerFlags(opts, opts["data-dir"]);
  const tty = process.stderr.isTTY === true;
  const onProgress = tty
    ? (p: { progress: number; total?: number; message?: string }) =>
        process.stderr.write(progressBar(p.progress, p.total ?? 0, p.message))
    : undefined;
  const result = await callToolUntyped("check_backtest", { slots }, { onProgress, dataDirs: dirs });
  if (tty) process.stderr.write(`\r${" ".repeat(79)}\r`);
  if (opts.html !== undefined) await writeHtmlReport(opts.html, result, await reportSlots(slots, dirs));
  if (opts.html !== undefined && opts.html !== "-")
    process.stderr.write(`fin-skills: wrote the HTML report to ${path.resolve(opts.html)}\n`);
  if (opts.html !== "-") process.stdout.write(backtestReport(result, { verbose: opts.verbose === true }));
  return exitFor(result);
}

/** The command's exit code, once the research ledger it may have opened is closed. */
async function closingLedger(run: Promise<number>): Promise<number> {
  try {
    return await run;
  } finally {
    await closeLedger();
  }
}

quietOnClosedPipe();

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) throw new UsageError("a command is needed: tools, call, check, ledger or demo");
  if (command === "--help" || command === "-h" || command === "help") {
    process.stdout.write(USAGE);
    return 0;
  }
  if (command === "--version" || command === "-v" || command === "version") {
    process.stdout.write(`fin-skills ${tableInfo().version}\n`);
    return 0;
  }
  if (command === "tools") {
    process.stdout.write(toolsCommand(rest));
    return 0;
  }
  if (command === "call") return closingLedger(call(rest));
  if (command === "check") return closingLedger(check(rest));
  if (command === "demo") return (await import("./demo.js")).demo();
  if (command === "ledger") {
    process.stdout.write(await ledgerCommand(rest));
    return 0;
  }
  throw new UsageError(`unknown command '${command}'`);
}

main(process.argv.slice(2)).then(exitWhenFlushed, (e) => {
  if (e instanceof UsageError) process.stderr.write(usageErrorText(e));
  else if (e instanceof ToolError) process.stderr.write(`${e.wire().message}\n`);
  else if (e instanceof LedgerFailure) process.stderr.write(`fin-skills: ${e.message}\n`);
  else process.stderr.write(`fin-skills: ${(e as Error).stack ?? String(e)}\n`);
  if (e instanceof LedgerFailure) return exitWhenFlushed(e.exitCode);
  return exitWhenFlushed(e instanceof UsageError ? e.exitCode : e instanceof BadInputError ? 2 : 1);
});
