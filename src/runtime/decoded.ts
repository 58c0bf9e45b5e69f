// Decoded<T>: the in-process type the codec produces for a JSON argument type T (payload
// objects become Series / Frame; arrays, tuples and objects map element by element). Used by
// generated/agreement.ts to check that each guard accepts everything its schema admits.
import type { Frame, Series } from "../contract/guard.js";
import type { FramePayload, SeriesPayload } from "../../generated/types.js";

/** Exact type identity (mutual assignability is too loose for all-optional object types). */
type Same<A, B> = (<G>() => G extends A ? 1 : 2) extends <G>() => G extends B ? 1 : 2 ? true : false;
type ObjectForm<P> = Exclude<P, readonly unknown[]>;
type ArrayForm<P> = Extract<P, readonly unknown[]>;

/** True when T is one of the array branches of payload P, exactly. */
type AnySame<T, A> = A extends unknown ? Same<T, A> : never;
type IsArrayBranch<T, P> = true extends AnySame<T, ArrayForm<P>> ? true : false;

/** File references of both kinds are structurally alike; the exact frame one decodes to a Frame. */
export type Decoded<T> = T extends { file: string }
  ? true extends AnySame<T, ObjectForm<FramePayload>>
    ? Frame
    : Series<never>
  : T extends ObjectForm<SeriesPayload>
    ? Series<never>
    : T extends ObjectForm<FramePayload>
      ? Frame
      : T extends readonly unknown[]
        ? true extends IsArrayBranch<T, SeriesPayload>
          ? Series<never>
          : true extends IsArrayBranch<T, FramePayload>
            ? Frame
            : { -readonly [K in keyof T]: Decoded<T[K]> }
        : T extends object
          ? { [K in keyof T]: Decoded<T[K]> }
          : T;
