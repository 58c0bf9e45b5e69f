// Replaces every file reference at a series or frame position of a tool's arguments with the
// inline payload read from the file, so the rest of the call decodes and checks it exactly as
// data sent inline. Returns the provenance of each file read.
import { fieldPath } from "../../contract/guard.js";
import { checkPoints } from "../codec/caps.js";
import type { CheckedLabels } from "../codec/labels.js";
import { isObject, setOwn } from "../codec/objects.js";
import type { FileAccess } from "./access.js";
import { loadReference, type FileProvenance, type ReadCache } from "./load.js";
import { agentShape } from "./mappings.js";
import { framePayload, seriesPayload } from "./payload.js";
import type { ColumnPlan } from "./table.js";
import { columnPlans } from "./plan.js";
import { isFileReference, parseReference } from "./reference.js";

type Fragment = { readonly [k: string]: unknown };
type Kind = "series" | "frame";

const KIND_OF_REF: Readonly<Record<string, Kind>> = { "#/$defs/series": "series", "#/$defs/frame": "frame" };

/** The payload kind a fragment accepts for a reference: its own `$ref`, or an anyOf branch's. */
function payloadKind(f: Fragment, ref: Record<string, unknown>): Kind | null {
  const own = KIND_OF_REF[f["$ref"] as string];
  if (own !== undefined) return own;
  if (!Array.isArray(f["anyOf"])) return null;
  const kinds = (f["anyOf"] as Fragment[]).map((b) => KIND_OF_REF[b["$ref"] as string]).filter((k) => k !== undefined);
  if (kinds.length === 0) return null;
  if (kinds.length === 1) return kinds[0]!;
  return Object.hasOwn(ref, "columns") ? "frame" : "series";
}

/**
 * The payload kinds whose agent shapes apply at a fragment (its `$ref`, or its anyOf branches');
 * none when another branch takes objects of its own (e.g. a {period: value} mapping).
 */
function payloadKinds(f: Fragment): Kind[] {
  const own = KIND_OF_REF[f["$ref"] as string];
  if (own !== undefined) return [own];
  if (!Array.isArray(f["anyOf"])) return [];
  const branches = f["anyOf"] as Fragment[];
  const takesObjects = (b: Fragment) =>
    KIND_OF_REF[b["$ref"] as string] === undefined &&
    (b["type"] === undefined || b["type"] === "object" || (Array.isArray(b["type"]) && b["type"].includes("object")));
  if (branches.some(takesObjects)) return [];
  return branches.flatMap((b) => KIND_OF_REF[b["$ref"] as string] ?? []);
}

interface Walk {
  readonly access: FileAccess;
  readonly cache: ReadCache;
  readonly files: FileProvenance[];
  readonly checked: CheckedLabels;
  readonly args: Record<string, unknown>;
  /** Columns to read per file, planned over all the arguments when the first reference is met. */
  plans: Map<string, ColumnPlan> | null;
}

async function resolveAt(v: unknown, f: Fragment, field: string, w: Walk): Promise<unknown> {
  if (isFileReference(v)) {
    const kind = payloadKind(f, v);
    if (kind === null) return v;
    const ref = parseReference(v, field, kind);
    w.plans ??= columnPlans(w.args);
    const plan = w.plans.get(ref.file);
    const { selected, provenance } = await loadReference(ref, field, kind, w.access, w.cache, plan);
    checkPoints(field, selected.nrows * Math.max(selected.columns.length, 1), kind);
    w.files.push(provenance);
    if (selected.typedLabels && selected.labels !== null) w.checked.add(selected.labels);
    return kind === "series" ? seriesPayload(selected) : framePayload(selected);
  }
  const kinds = payloadKinds(f);
  if (kinds.length) return agentShape(v, kinds, field);
  const props = isObject(f["properties"]) ? (f["properties"] as Record<string, Fragment>) : null;
  if (props === null || !isObject(v)) return v;
  let out: Record<string, unknown> | null = null;
  for (const key of Object.keys(v)) {
    if (!Object.hasOwn(props, key)) continue;
    const next = await resolveAt(v[key], props[key]!, fieldPath(field, key), w);
    if (next === v[key]) continue;
    out ??= Object.assign({}, v);
    setOwn(out, key, next);
  }
  return out ?? v;
}

/**
 * The arguments with file references replaced by inline payloads, one provenance record per file
 * read (in argument order), and the index label lists the readers wrote from typed dates (known
 * good: the decoder need not check them). Arguments without references come back unchanged (same object).
 */
export async function resolveFileReferences(
  args: Record<string, unknown>,
  inputSchema: object,
  access: FileAccess,
): Promise<{ args: Record<string, unknown>; files: FileProvenance[]; checked: CheckedLabels }> {
  const w: Walk = { access, cache: new Map(), files: [], checked: new WeakSet(), args, plans: null };
  const out = (await resolveAt(args, inputSchema as Fragment, "", w)) as Record<string, unknown>;
  return { args: out, files: w.files, checked: w.checked };
}
