#!/usr/bin/env node
// fin-skills: tools | call <tool> | check <bundle.json> | demo
import "./node_check.js";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { BadInputError, InternalToolError, callToolUntyped } from "../runtime/index.js";
import { backtestReport, progressBar, writeHtmlReport } from "./report.js";
import { toolsCommand, UsageError } from "./tools_command.js";

const USAGE = `Usage:
  fin-skills tools [--format F] [--tools all|catalogue|a,b] [--indent N]
                   [--json | --list | --excluded | --stats]
  fin-skills call <tool> [--args JSON | --args-file FILE | --args-file -]
  fin-skills check <bundle.json> [--html FILE|-] [--verbose]
      run check_backtest on a file of slots and print a report; --html also
      writes a self-contained HTML report with charts (- for stdout)
  fin-skills demo     the worked example over a stdio MCP connection
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

function readArgs(argv: string[]): unknown {
  const { values } = parseArgs({
    args: argv,
    options: { args: { type: "string" }, "args-file": { type: "string" } },
    strict: true,
  });
  if (values.args !== undefined && values["args-file"] !== undefined)
    throw new UsageError("give --args or --args-file, not both");
  const text = values.args ?? (values["args-file"] === undefined ? "{}" : readArgsFile(values["args-file"]));
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`arguments are not JSON: ${(e as Error).message}`);
  }
}

function exitFor(result: Record<string, unknown>): number {
  if (result.status === "fail" || result.status === "incomplete") return 1;
  return 0;
}

async function call(argv: string[]): Promise<number> {
  const [tool, ...rest] = argv;
  if (!tool) throw new UsageError("call needs a tool name");
  const result = await callToolUntyped(tool, readArgs(rest));
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  return exitFor(result);
}

function checkArgs(argv: string[]) {
  try {
    const options = { html: { type: "string" }, verbose: { type: "boolean" } } as const;
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

async function check(argv: string[]): Promise<number> {
  const { values: opts, positionals } = checkArgs(argv);
  const [file] = positionals;
  if (!file || positionals.length > 1)
    throw new UsageError("check needs one bundle file: fin-skills check bundle.json");
  let slots: unknown;
  try {
    slots = JSON.parse(readFileSync(file === "-" ? 0 : file, "utf8"));
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
  }
  const tty = process.stderr.isTTY === true;
  const onProgress = tty
    ? (p: { progress: number; total?: number; message?: string }) =>
        process.stderr.write(progressBar(p.progress, p.total ?? 0, p.message))
    : undefined;
  const result = await callToolUntyped("check_backtest", { slots }, { onProgress });
  if (tty) process.stderr.write(`\r${" ".repeat(79)}\r`);
  if (opts.html !== undefined) await writeHtmlReport(opts.html, result, slots);
  if (opts.html !== "-") process.stdout.write(backtestReport(result, { verbose: opts.verbose === true }));
  return exitFor(result);
}

// A closed pipe (e.g. `| head`) ends the command quietly.
process.stdout.on("error", (e: NodeJS.ErrnoException) => process.exit(e.code === "EPIPE" ? 0 : 1));

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") {
    process.stdout.write(USAGE);
    return command === undefined ? 2 : 0;
  }
  if (command === "tools") {
    process.stdout.write(toolsCommand(rest));
    return 0;
  }
  if (command === "call") return call(rest);
  if (command === "check") return check(rest);
  if (command === "demo") return (await import("./demo.js")).demo();
  throw new UsageError(`unknown command '${command}'`);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    if (e instanceof UsageError) process.stderr.write(`fin-skills: ${e.message}\n${USAGE}`);
    else if (e instanceof BadInputError) process.stderr.write(`${e.message}\n`);
    else if (e instanceof InternalToolError) process.stderr.write(`${e.message}\n`);
    else process.stderr.write(`fin-skills: ${(e as Error).stack ?? String(e)}\n`);
    process.exit(e instanceof UsageError || e instanceof BadInputError ? 2 : 1);
  },
);
