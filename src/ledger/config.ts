// The process's research ledger: where it lives (a SQLite file or a postgres URL, or off), its default
// name, and the store, opened lazily on the first call that records or reads trials (start-up never
// loads a driver).
import path from "node:path";
import { openLedgerStore } from "./open.js";
import { redactLocation, scrubSecrets } from "./redact.js";
import type { LedgerStore } from "./store.js";

/** The ledger name a call uses when it gives none and nothing was configured. */
export const DEFAULT_LEDGER_NAME = "default";
/** Where a server keeps its ledger by default, under its data (or working) directory. */
export const DEFAULT_LEDGER_FILE = path.join(".fin-skills", "ledger.sqlite");

export interface LedgerOptions {
  /** A SQLite file path or a postgres:// URL; null turns recording off (the library's default). */
  readonly ledger?: string | null;
  /** The default ledger name of calls that give none. */
  readonly name?: string;
  /** Keep each trial's returns beside its statistics (default true); false: statistics only. */
  readonly keepReturns?: boolean;
}

export interface LedgerSetting {
  /** The store's spec, or null when recording is off. */
  readonly spec: string | null;
  readonly name: string;
  /** Whether trials' returns are kept (effective counts and ledger PBO need them). */
  readonly keepReturns: boolean;
}

let setting: LedgerSetting = { spec: null, name: DEFAULT_LEDGER_NAME, keepReturns: true };
let store: Promise<LedgerStore> | null = null;

/** Sets where the process's ledger lives (and its default name); an open store is closed first. */
export async function configureLedger(options: LedgerOptions): Promise<void> {
  await closeLedger();
  setting = {
    spec: options.ledger === undefined ? setting.spec : options.ledger,
    name: options.name ?? setting.name,
    keepReturns: options.keepReturns ?? setting.keepReturns,
  };
}

/** The current setting. */
export function ledgerSetting(): LedgerSetting {
  return setting;
}

/** The location shown in provenance and warnings (no credentials), or null when off. */
export function ledgerLocation(): string | null {
  return setting.spec === null ? null : redactLocation(setting.spec);
}

/** An error's message for a warning, without the configured ledger's credentials. */
export function ledgerErrorText(e: unknown): string {
  return scrubSecrets(e instanceof Error ? e.message : String(e), setting.spec);
}

/** The store, opened on first use; null when recording is off. A failed open is retried on the next call. */
export function ledgerStore(): Promise<LedgerStore> | null {
  if (setting.spec === null) return null;
  if (store === null) {
    const opening = openLedgerStore(setting.spec);
    store = opening;
    opening.catch(() => {
      if (store === opening) store = null;
    });
  }
  return store;
}

/** True once the store was opened (or is opening) in this process: it is then used, never an absent file's stand-in. */
export function ledgerStoreOpened(): boolean {
  return store !== null;
}

/** Closes the store if one is open (configureLedger and process exit call it). */
export async function closeLedger(): Promise<void> {
  const open = store;
  store = null;
  if (open) await (await open.catch(() => null))?.close();
}
