// The hash thread's task: the digest of a call's arguments (long number arrays arrive packed).
import { canonicalDigest } from "../canonical_digest.js";
import type { HashReply, HashTask } from "./messages.js";

export default function hashTask(task: HashTask): HashReply {
  return canonicalDigest(task.hash);
}
