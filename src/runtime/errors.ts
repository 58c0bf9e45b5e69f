// The runtime's error types, all ToolErrors: bad input (from the contract) and internal errors.
import { BadInputError, ToolError } from "../contract/guard.js";

export { BadInputError, ToolError };

/** An unexpected failure inside a guard or catalogue tool, or a result that breaks its schema. */
export class InternalToolError extends ToolError {
  override readonly name: string = "InternalToolError";
  readonly field = "";
  constructor(
    message: string,
    readonly code: string = "internal_error",
    readonly hint: string | null = null,
  ) {
    super(message);
  }
}

/** A call refused or stopped by a limit of the server, not by its input: busy, or past its time limit. */
export class LimitError extends InternalToolError {
  override readonly name = "LimitError";
  constructor(code: "busy" | "time_limit", message: string, hint: string | null = null) {
    super(message, code, hint);
  }
}

/** `internal error in <who>: <ErrorName>: <first line of its message>` */
export function internalError(who: string, e: unknown): InternalToolError {
  const name = e instanceof Error ? e.name : typeof e;
  const first = (e instanceof Error ? e.message : String(e)).split("\n")[0];
  return new InternalToolError(`internal error in ${who}: ${name}: ${first}`);
}

/** The JSON type of a value, as messages name it (worded once, in codec/text.ts). */
export { jsonTypeName as jsonType } from "./codec/text.js";

/**
 * A caller-supplied name as messages quote it: cut to 80 characters with a count, so a huge name is never echoed whole.
 */
export function clipName(name: string): string {
  return name.length <= 80 ? name : `${name.slice(0, 77)}... (${name.length} characters)`;
}
