// The server's research-ledger flags (--ledger, --ledger-name, --no-ledger) read into the process's
// ledger setting. Default: a SQLite file under the first data directory, else the working directory.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_LEDGER_FILE, DEFAULT_LEDGER_NAME, configureLedger } from "../runtime/index.js";

export const LEDGER_OPTIONS = {
  ledger: { type: "string" },
  "ledger-name": { type: "string" },
  "no-ledger": { type: "boolean" },
  "ledger-keep-returns": { type: "string" },
} as const;

/** Environment variable giving the default ledger (a path, a postgres URL, or "off"); the flags win. */
export const LEDGER_ENV = "FIN_SKILLS_LEDGER";

export const LEDGER_USAGE =
  "  --ledger FILE|URL      research ledger: a SQLite file, or postgres://... shared by replicas (default " +
  `DIR/${DEFAULT_LEDGER_FILE.split(path.sep).join("/")}\n` +
  "                         under the first --data-dir, else the working directory; or $FIN_SKILLS_LEDGER)\n" +
  `  --ledger-name NAME     the ledger calls record in when they name none (default ${DEFAULT_LEDGER_NAME})\n` +
  "  --no-ledger            record no trials; overfitting verdicts then say their count is self-declared\n" +
  "  --ledger-keep-returns=true|false\n" +
  "                         keep trials' returns for effective counts and ledger PBO (default true)\n";

type LedgerValues = {
  ledger?: string;
  "ledger-name"?: string;
  "no-ledger"?: boolean;
  "ledger-keep-returns"?: string;
};

/** The ledger spec the flags choose: null when off. */
export function ledgerSpec(values: LedgerValues, dataDirs: readonly string[] | undefined): string | null {
  if (values["no-ledger"]) return null;
  if (values.ledger !== undefined) return values.ledger;
  const env = process.env[LEDGER_ENV];
  if (env !== undefined && env !== "") return env === "off" ? null : env;
  const dir = dataDirs?.[0];
  const base = dir === undefined ? process.cwd() : dir.startsWith("file:") ? fileURLToPath(dir) : dir;
  return path.join(base, DEFAULT_LEDGER_FILE);
}

/** The message for a ledger name that is not 1-128 printable ASCII characters without spaces, else null. */
export function ledgerNameError(flag: string, name: string): string | null {
  if (/^[\x21-\x7e]{1,128}$/.test(name)) return null;
  return `${flag} must be 1-128 printable ASCII characters without spaces, got '${name}'`;
}

/** Applies the flags; returns an error message for a bad combination or value, else null. */
export async function applyLedgerFlags(
  values: LedgerValues,
  dataDirs: readonly string[] | undefined,
): Promise<string | null> {
  if (values["no-ledger"] && values.ledger !== undefined) return "--no-ledger and --ledger cannot be given together";
  if (values.ledger === "") return "--ledger needs a file path or a postgres:// URL";
  const name = values["ledger-name"];
  const bad = name === undefined ? null : ledgerNameError("--ledger-name", name);
  if (bad !== null) return bad;
  const keep = values["ledger-keep-returns"];
  if (keep !== undefined && keep !== "true" && keep !== "false")
    return `--ledger-keep-returns must be true or false, got '${keep}'`;
  const keepReturns = keep !== "false";
  await configureLedger({ ledger: ledgerSpec(values, dataDirs), name: name ?? DEFAULT_LEDGER_NAME, keepReturns });
  return null;
}
