// The stdio transport: each line parsed once (jsonrpc_line.ts), malformed lines answered here.
// Client request ids are replaced by private ones on the way in and restored on the way out, so
// a cancelled call whose id is reused can never answer the new request; end of input cancels
// every tools/call in flight, lets the rest answer, then reports the close. Backpressure: lines
// wait in an inbox (stdin paused) while stdout has replies waiting or MAX_IN_FLIGHT calls run. A line of
// OFF_THREAD_BYTES or more is parsed on the parse thread (as an HTTP body is): requests after it are served
// meanwhile, notifications wait for it (a cancellation may name it).
import type { Readable, Writable } from "node:stream";
import { OFF_THREAD_BYTES, parseRequestBody } from "./body_parse.js";
import { type Classified, type Id, type Message, classifyLine, classifyValue, notJsonReply } from "./jsonrpc_line.js";
import { findTopLevelId } from "./json_tokens.js";
import { ID_PREFIX_BYTES, MAX_IN_FLIGHT, capMessage } from "./limits.js";
import { type Line, lineSplitter } from "./stdio_lines.js";

type Pending = { clientId: Id; method: string };

export interface LineTransportOptions {
  /** The SDK's own message check: a message it would drop is answered -32600 here instead. */
  readonly accepts?: (m: Message) => boolean;
  /** Diagnostics (--verbose). */
  readonly log?: (line: string) => void;
}

export class LineTransport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: never) => void;

  private readonly pending = new Map<number, Pending>();
  private readonly latest = new Map<string, number>();
  private nextId = 1;
  private ended = false;
  private inputEnded = false;
  private closed = false;
  private inbox: Line[] = [];
  private next = 0;
  private toldFull = false;
  private drained: Promise<void> | null = null;
  /** Lines being parsed on the parse thread, and the notifications that arrived meanwhile (delivered after). */
  private parsing = 0;
  private held: Message[] = [];
  private finished: () => void = () => undefined;
  /** Resolves once the transport has closed (end of input and nothing left to answer). */
  readonly done = new Promise<void>((resolve) => {
    this.finished = resolve;
  });

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly options: LineTransportOptions = {},
  ) {}

  async start(): Promise<void> {
    const lines = lineSplitter((line) => this.inbox.push(line));
    this.input.on("data", (chunk: Buffer) => {
      lines.write(chunk);
      this.pump();
    });
    this.input.on("end", () => {
      lines.end();
      this.inputEnded = true;
      this.pump();
    });
    this.input.on("error", (e) => this.onerror?.(e));
    this.output.on("drain", () => this.pump());
  }

  /** True while replies wait to be written or MAX_IN_FLIGHT requests are unanswered. */
  private blocked(): boolean {
    return this.output.writableNeedDrain || this.pending.size + this.parsing >= MAX_IN_FLIGHT;
  }

  /** Handles waiting lines while not blocked; stdin is paused while any wait, resumed when none do. */
  private pump(): void {
    while (this.next < this.inbox.length && !this.blocked() && !this.closed) {
      const line = this.inbox[this.next]!;
      this.inbox[this.next++] = undefined as never;
      this.onLine(line);
    }
    if (this.next < this.inbox.length) return void this.hold();
    this.inbox = [];
    this.next = 0;
    if (!this.inputEnded) return void this.input.resume();
    if (!this.ended) this.endOfInput();
  }

  private hold(): void {
    this.input.pause();
    if (!this.output.writableNeedDrain || this.toldFull) return;
    this.toldFull = true;
    this.options.log?.("fin-skills-mcp: stdout is full (the client is not reading); reading paused (logged once)");
  }

  /** Writes one message; resolves at once, or when stdout drains if it is full. */
  private write(value: unknown): Promise<void> {
    if (this.output.write(`${JSON.stringify(value)}\n`)) return Promise.resolve();
    this.drained ??= new Promise((resolve) =>
      this.output.once("drain", () => {
        this.drained = null;
        resolve();
      }),
    );
    return this.drained;
  }

  private deliver(message: Message): void {
    (this.onmessage as ((m: Message) => void) | undefined)?.(message);
  }

  private onLine(line: Line): void {
    if (line.kind === "line" && line.bytes.byteLength >= OFF_THREAD_BYTES) return void this.parseOffThread(line.bytes);
    this.handle(classifyLine(line, this.options.accepts));
  }

  /** A large line parsed on the parse thread, then handled as any other; held notifications follow it. */
  private async parseOffThread(bytes: Buffer): Promise<void> {
    const prefix = bytes.subarray(0, ID_PREFIX_BYTES).toString("utf8");
    this.parsing++;
    let c: Classified | null;
    try {
      const parsed = await parseRequestBody(bytes);
      if (parsed.kind === "too_deep") c = { reply: parsed.reply };
      else if (parsed.kind === "not_json") c = notJsonReply(prefix);
      else c = classifyValue(parsed.value, this.options.accepts);
    } catch (e) {
      // the parse thread itself failed (not the line): the request is answered, never left waiting
      const why = `Internal error: the line could not be parsed (${String((e as Error)?.message ?? e)})`;
      c = { reply: { jsonrpc: "2.0", id: findTopLevelId(prefix), error: { code: -32603, message: capMessage(why) } } };
    } finally {
      this.parsing--;
    }
    if (this.closed) this.held = [];
    else this.handle(c);
    if (this.parsing === 0) for (const m of this.held.splice(0)) this.handle({ message: m });
    // input that ended meanwhile cancels this call too, as it did every call in flight
    if (this.ended && this.parsing === 0) this.endOfInput();
    this.maybeClose();
    this.pump();
  }

  private handle(c: Classified | null): void {
    if (c === null) return;
    if ("reply" in c) return void this.write(c.reply);
    const m = c.message;
    if (typeof m.method === "string" && "id" in m) this.request(m);
    else if (this.parsing > 0) this.held.push(m);
    else if (m.method === "notifications/cancelled") this.cancel(m);
    else this.deliver(m);
  }

  private request(m: Message): void {
    const own = this.nextId++;
    const clientId = m.id as Id;
    this.pending.set(own, { clientId, method: m.method as string });
    this.latest.set(JSON.stringify(clientId), own);
    this.deliver({ ...m, id: own });
  }

  /** Cancels the latest call with the named id: its answer, if any comes, is dropped. */
  private cancel(m: Message, reason?: string): void {
    const params = (m.params ?? {}) as { requestId?: unknown; reason?: string };
    const key = JSON.stringify(params.requestId);
    const own = this.latest.get(key);
    if (own === undefined) return;
    this.latest.delete(key);
    this.pending.delete(own);
    this.deliver({ ...m, params: { ...params, requestId: own, reason: reason ?? params.reason } });
    this.maybeClose();
    setImmediate(() => this.pump());
  }

  private endOfInput(): void {
    this.ended = true;
    for (const [own, p] of [...this.pending]) {
      if (p.method !== "tools/call") continue;
      const params = { requestId: p.clientId, reason: "end of input" };
      if (this.latest.get(JSON.stringify(p.clientId)) === own)
        this.cancel({ jsonrpc: "2.0", method: "notifications/cancelled", params });
      else this.pending.delete(own);
    }
    this.maybeClose();
  }

  private maybeClose(): void {
    if (this.ended && this.pending.size === 0 && this.parsing === 0) void this.close();
  }

  async send(message: Message): Promise<void> {
    if (this.closed) return;
    const isResponse = !("method" in message) && ("result" in message || "error" in message);
    if (!isResponse) return this.write(message);
    const own = message.id as number;
    const p = this.pending.get(own);
    if (p === undefined) return; // a cancelled call's answer, or a stale one
    this.pending.delete(own);
    if (this.latest.get(JSON.stringify(p.clientId)) === own) this.latest.delete(JSON.stringify(p.clientId));
    const error = message.error as { message?: string } | undefined;
    const out = error ? { ...message, error: { ...error, message: capMessage(String(error.message)) } } : message;
    const written = this.write({ ...out, id: p.clientId });
    this.pump();
    await written;
    this.maybeClose();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await new Promise<void>((resolve) => this.output.write("", () => resolve()));
    this.onclose?.();
    this.finished();
  }
}
