// The hash thread's task: the digest of a call's arguments (long number arrays arrive packed).
import { canonicalDigest } from "../canonical_digest.js";
import type { HashReply, HashTask } from "./messages.js";
import { unpackRows } from "./packing.js";

export default function hashTask(task: HashTask): HashReply {
  if (task.rows) unpackRows(task.hash, task.rows);
  return canonicalDigest(task.hash);
}
