// A tools/call argument named "__proto__" reaches the tool layer as what it is: an unexpected argument,
// refused by name like any other. JSON.parse keeps it as an own key, but the SDK's copy of `arguments`
// would assign it (setting the copy's prototype) and so drop it unseen. Each transport shelters it under a
// stand-in key before the SDK sees the message; the tools/call handler restores it.

/** The key "__proto__" travels under through the SDK (a NUL-led key no tool input can have). */
const STAND_IN = "\u0000__proto__";

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** The object's own entries in order, one key renamed; an own "__proto__" is defined, never assigned. */
function renamed(o: Obj, from: string, to: string): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(o))
    Object.defineProperty(out, k === from ? to : k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

/** Shelters a tools/call's own "__proto__" argument in place (the message is this transport's own parse). */
export function shelterProtoArgument(message: Obj): void {
  if (message.method !== "tools/call" || !isObject(message.params)) return;
  const args = message.params.arguments;
  if (isObject(args) && Object.hasOwn(args, "__proto__"))
    message.params.arguments = renamed(args, "__proto__", STAND_IN);
}

/** The arguments as the client sent them: a sheltered "__proto__" is an own key again. */
export function restoreProtoArgument(args: unknown): unknown {
  return isObject(args) && Object.hasOwn(args, STAND_IN) ? renamed(args, STAND_IN, "__proto__") : args;
}
