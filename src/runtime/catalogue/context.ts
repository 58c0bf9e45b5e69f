// What a catalogue tool receives besides its arguments, and the shape of what it returns.
import type { ToolResults } from "../../../generated/types.js";
import type { CatalogueToolName } from "../../catalogue/tools.js";
import type { CallOptions } from "../call_options.js";
import type { ToolGuardResult } from "../result.js";

/** Calls one guard tool by name with JSON arguments, as a client would (check_backtest's dependency). */
export type GuardCall = (tool: string, args: Record<string, unknown>, options: CallOptions) => Promise<ToolGuardResult>;

export interface CatalogueContext {
  readonly options: CallOptions;
  readonly callGuard: GuardCall;
}

type DeepReadonly<T> = T extends readonly (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

type Added = "tool" | "elapsed_s" | "provenance";

/**
 * A catalogue tool's own result keys, typed by the generated ToolResults; the call path adds
 * `tool` (unless the body names one, as describe_guard does), `elapsed_s` and `provenance`.
 */
export type CatalogueBody<N extends CatalogueToolName> = DeepReadonly<
  Omit<ToolResults[N], Added> & Partial<Pick<ToolResults[N], "tool">>
>;
