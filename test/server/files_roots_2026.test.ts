// MCP roots for 2026-07-28 clients over real stdio (the official v2 SDK client, the built server):
// the server asks for roots/list through input_required on each call that reads a file, the client's
// roots win over --data-dir, a changed list applies to the next call, and a client that declares no
// roots falls back to --data-dir.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dates, returns, sha256, tempDir, writeCsv } from "../runtime/files/fixtures.js";
import { SERVER_JS } from "./fixtures.js";
import { ledgerEnv } from "../helpers/ledger_env.js";

const MODERN = "2026-07-28";
const N = 300;
let data = "";
let other = "";

beforeAll(() => {
  data = tempDir("fin-skills-roots26-data-");
  other = tempDir("fin-skills-roots26-other-");
  const r = returns(N, 3, 0.02).map((x) => x + 0.0004);
  writeCsv(path.join(data, "bt.csv"), ["date", "strategy"], [dates(N), r]);
  writeCsv(path.join(other, "elsewhere.csv"), ["date", "strategy"], [dates(N), r]);
});

afterAll(() => {
  rmSync(data, { recursive: true, force: true });
  rmSync(other, { recursive: true, force: true });
});

type Result = { isError?: boolean; structuredContent?: Record<string, any>; content: { text: string }[] };

/** A 2026-07-28 client on a server started with --data-dir <other>; `roots` set means it declares roots. */
async function connect(roots?: { list: string[]; asked: number }, url?: string): Promise<Client> {
  const client = new Client({ name: "roots-2026", version: "1" }, {
    versionNegotiation: { mode: { pin: MODERN } },
    ...(roots ? { capabilities: { roots: {} } } : {}),
  } as never);
  if (roots)
    client.setRequestHandler("roots/list", async () => {
      roots.asked += 1;
      return { roots: roots.list.map((d) => ({ uri: pathToFileURL(d).href, name: path.basename(d) })) };
    });
  await client.connect(
    url
      ? new StreamableHTTPClientTransport(new URL(url))
      : new StdioClientTransport({
          env: ledgerEnv(),
          command: process.execPath,
          args: [SERVER_JS, "--data-dir", other],
          stderr: "ignore",
        }),
  );
  expect(client.getNegotiatedProtocolVersion()).toBe(MODERN);
  return client;
}

const call = async (c: Client, args: Record<string, unknown>) =>
  (await c.callTool({ name: "check_cost_curve", arguments: args }, { timeout: 120_000 })) as Result;
const byRef = (file: string) => ({ returns: { file, column: "strategy" }, turnover: 0.5 });

describe("MCP roots for 2026-07-28 clients (input_required roots/list)", () => {
  it("reads under the roots the client answers, asked again on every call that reads a file", async () => {
    const roots = { list: [data], asked: 0 };
    const client = await connect(roots);
    try {
      const first = await call(client, byRef("bt.csv"));
      expect(first.isError, first.content[0]?.text).toBeUndefined();
      expect(first.structuredContent!.provenance.files[0].content_hash).toBe(sha256(path.join(data, "bt.csv")));
      expect(roots.asked).toBe(1);

      // the roots win over --data-dir: elsewhere.csv is under --data-dir but not under a root
      const outside = await call(client, byRef("elsewhere.csv"));
      expect(outside.isError).toBe(true);
      expect(outside.content[0]!.text).toMatch(
        /^returns\/file: no file "elsewhere\.csv" under the allowed directories/,
      );
      expect(roots.asked).toBe(2);

      // inline data reads no file and asks for nothing
      const inline = await call(client, { returns: returns(N, 3, 0.02), turnover: 0.5 });
      expect(inline.isError, inline.content[0]?.text).toBeUndefined();
      expect(roots.asked).toBe(2);

      // a changed list applies to the next call, with no notification
      roots.list = [other];
      const moved = await call(client, byRef("elsewhere.csv"));
      expect(moved.isError, moved.content[0]?.text).toBeUndefined();
      expect(moved.structuredContent!.provenance.files[0].content_hash).toBe(sha256(path.join(other, "elsewhere.csv")));
      expect((await call(client, byRef("bt.csv"))).content[0]!.text).toMatch(/^returns\/file: no file "bt\.csv"/);

      roots.list = [];
      const none = await call(client, byRef("elsewhere.csv"));
      expect(none.content[0]!.text).toBe(
        "returns/file: file references are refused: the client's MCP roots list no file:// directory; add the " +
          "data's folder as a root",
      );
      expect(roots.asked).toBe(5);
    } finally {
      await client.close();
    }
  }, 120_000);

  it("falls back to --data-dir for a 2026-07-28 client that declares no roots", async () => {
    const client = await connect();
    try {
      const got = await call(client, byRef("elsewhere.csv"));
      expect(got.isError, got.content[0]?.text).toBeUndefined();
      expect(got.structuredContent!.provenance.files[0].content_hash).toBe(sha256(path.join(other, "elsewhere.csv")));
      expect((await call(client, byRef("bt.csv"))).content[0]!.text).toMatch(/^returns\/file: no file "bt\.csv"/);
    } finally {
      await client.close();
    }
  }, 120_000);

  it("asks for the roots over stateless HTTP too", async () => {
    const child = spawn(process.execPath, [SERVER_JS, "--http", "--port", "0", "--data-dir", other], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      const url: string = await new Promise((resolve, reject) => {
        let err = "";
        child.stderr.on("data", (d) => {
          err += String(d);
          const m = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
          if (m) resolve(m[1]!);
        });
        child.on("exit", () => reject(new Error(err)));
      });
      const roots = { list: [data], asked: 0 };
      const client = await connect(roots, url);
      try {
        const got = await call(client, byRef("bt.csv"));
        expect(got.isError, got.content[0]?.text).toBeUndefined();
        expect(got.structuredContent!.provenance.files[0].content_hash).toBe(sha256(path.join(data, "bt.csv")));
        expect((await call(client, byRef("elsewhere.csv"))).isError).toBe(true);
        expect(roots.asked).toBe(2);
      } finally {
        await client.close();
      }
    } finally {
      child.kill();
    }
  }, 120_000);
});
