// A strategy result card: the provenance a headline number needs. The class enforces field
// types at construction (bad types are bad input at `card/<field>`); the result_manifest guard
// judges the content. Instances and their members are frozen: a card is a record, not a draft.
import { invalid, fieldPath } from "../contract/guard.js";

/** A scalar a metrics or benchmark table may hold. */
export type CardValue = number | string | boolean;

export interface UniverseInfo {
  readonly source: string;
  readonly asof: string;
  readonly includes_delisted: boolean;
  readonly n_names: number;
  readonly membership_rule: string;
}

export interface DataSource {
  readonly name: string;
  readonly retrieved_at: string;
  readonly adjustment: string;
}

export interface SplitInfo {
  readonly scheme: string;
  readonly purge: number;
  readonly embargo: number;
  readonly train: string;
  readonly test: string;
}

export interface CostModel {
  readonly spread_bps: number;
  readonly slippage_bps: number;
  readonly impact_model: string;
  readonly borrow_bps: number;
  readonly financing_bps: number;
  readonly cash_rate_series: string;
}

export interface TrialInfo {
  readonly n: number;
  readonly ledger_path: string;
}

/** Constructor argument: the card's fields; the cost model's borrow, financing and cash-rate fields default. */
export interface ResultCardInit {
  readonly strategy_id: string;
  readonly universe: UniverseInfo;
  readonly data: readonly DataSource[];
  readonly split: SplitInfo;
  readonly costs: Omit<CostModel, "borrow_bps" | "financing_bps" | "cash_rate_series"> & Partial<CostModel>;
  readonly trials: TrialInfo;
  readonly metrics: Readonly<Record<string, CardValue>>;
  /** Round-trip cost in bps, written as a numeric string, to the Sharpe or return at that cost. */
  readonly cost_curve: Readonly<Record<string, number>>;
  readonly benchmark: Readonly<Record<string, CardValue>>;
  readonly falsifier: string;
  readonly llm_training_cutoff?: string;
  readonly regimes_covered?: readonly string[];
  readonly created_at?: string;
}

type Kind = "string" | "number" | "boolean";

function describe(x: unknown): string {
  if (x === null) return "null";
  if (Array.isArray(x)) return "an array";
  return typeof x;
}

function req(field: string, x: unknown, kind: Kind): void {
  if (typeof x !== kind) throw invalid(field, `must be a ${kind}, got ${describe(x)}`);
}

function record(field: string, x: unknown): Record<string, unknown> {
  if (typeof x !== "object" || x === null || Array.isArray(x))
    throw invalid(field, `must be an object, got ${describe(x)}`);
  return x as Record<string, unknown>;
}

/** Checks each named member's type on a plain object and returns a frozen copy of those members. */
function shaped<T>(field: string, x: unknown, kinds: Readonly<Record<string, Kind>>): T {
  const obj = record(field, x);
  const out: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(kinds)) {
    req(fieldPath(field, key), obj[key], kind);
    out[key] = obj[key];
  }
  return Object.freeze(out) as T;
}

function scalarTable(field: string, x: unknown, kinds: readonly Kind[]): Readonly<Record<string, never>> {
  const obj = record(field, x);
  for (const [key, v] of Object.entries(obj)) {
    if (!kinds.includes(typeof v as Kind))
      throw invalid(fieldPath(field, key), `must be a ${kinds.join(" or ")}, got ${describe(v)}`);
  }
  return Object.freeze({ ...obj }) as Readonly<Record<string, never>>;
}

function optionalString(field: string, x: unknown): string | undefined {
  if (x === undefined) return undefined;
  req(field, x, "string");
  return x as string;
}

export class ResultCard {
  readonly strategy_id: string;
  readonly universe: UniverseInfo;
  readonly data: readonly DataSource[];
  readonly split: SplitInfo;
  readonly costs: CostModel;
  readonly trials: TrialInfo;
  readonly metrics: Readonly<Record<string, CardValue>>;
  readonly cost_curve: Readonly<Record<string, number>>;
  readonly benchmark: Readonly<Record<string, CardValue>>;
  readonly falsifier: string;
  readonly llm_training_cutoff?: string;
  readonly regimes_covered?: readonly string[];
  readonly created_at?: string;

  constructor(init: ResultCardInit) {
    const o = record("card", init);
    req("card/strategy_id", o["strategy_id"], "string");
    this.strategy_id = o["strategy_id"] as string;
    this.universe = shaped("card/universe", o["universe"], {
      source: "string",
      asof: "string",
      includes_delisted: "boolean",
      n_names: "number",
      membership_rule: "string",
    });
    if (!Array.isArray(o["data"]))
      throw invalid("card/data", `must be an array of data sources, got ${describe(o["data"])}`);
    this.data = Object.freeze(
      (o["data"] as unknown[]).map((d, i) =>
        shaped<DataSource>(fieldPath("card/data", i), d, {
          name: "string",
          retrieved_at: "string",
          adjustment: "string",
        }),
      ),
    );
    this.split = shaped("card/split", o["split"], {
      scheme: "string",
      purge: "number",
      embargo: "number",
      train: "string",
      test: "string",
    });
    const costs = record("card/costs", o["costs"]);
    this.costs = shaped(
      "card/costs",
      { borrow_bps: 0, financing_bps: 0, cash_rate_series: "", ...costs },
      {
        spread_bps: "number",
        slippage_bps: "number",
        impact_model: "string",
        borrow_bps: "number",
        financing_bps: "number",
        cash_rate_series: "string",
      },
    );
    this.trials = shaped("card/trials", o["trials"], { n: "number", ledger_path: "string" });
    this.metrics = scalarTable("card/metrics", o["metrics"], ["number", "string", "boolean"]);
    this.cost_curve = scalarTable("card/cost_curve", o["cost_curve"], ["number"]);
    this.benchmark = scalarTable("card/benchmark", o["benchmark"], ["number", "string", "boolean"]);
    req("card/falsifier", o["falsifier"], "string");
    this.falsifier = o["falsifier"] as string;
    const cutoff = optionalString("card/llm_training_cutoff", o["llm_training_cutoff"]);
    if (cutoff !== undefined) this.llm_training_cutoff = cutoff;
    if (o["regimes_covered"] !== undefined) {
      const regimes = o["regimes_covered"];
      if (!Array.isArray(regimes))
        throw invalid("card/regimes_covered", `must be an array of strings, got ${describe(regimes)}`);
      regimes.forEach((r, i) => req(fieldPath("card/regimes_covered", i), r, "string"));
      this.regimes_covered = Object.freeze([...(regimes as string[])]);
    }
    const created = optionalString("card/created_at", o["created_at"]);
    if (created !== undefined) this.created_at = created;
    Object.freeze(this);
  }
}
