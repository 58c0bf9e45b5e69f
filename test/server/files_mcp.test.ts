// File references over real MCP sessions (the official SDK client, the built server):
// --data-dir over stdio, client roots that change mid-session, and HTTP without data directories.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dates, returns, sha256, tempDir, writeCsv, writeParquet } from "../runtime/files/fixtures.js";
import { SERVER_JS } from "./fixtures.js";
import { ledgerEnv } from "../helpers/ledger_env.js";

const N = 1260;
const idx = dates(N);
const r = returns(N, 3, 0.02).map((x) => x + 0.0004);
const to = returns(N, 5, 0.4).map((x) => Math.abs(x));
let data = "";
let other = "";

beforeAll(() => {
  data = tempDir("fin-skills-mcp-data-");
  other = tempDir("fin-skills-mcp-other-");
  writeCsv(path.join(data, "bt.csv"), ["date", "strategy", "turnover"], [idx, r, to]);
  writeParquet(path.join(data, "bt.parquet"), [
    { name: "date", data: idx },
    { name: "strategy", data: r, type: "DOUBLE" },
    { name: "turnover", data: to, type: "DOUBLE" },
  ]);
  const k = 30;
  const n = 2520;
  const cols = Array.from({ length: k }, (_, j) => ({
    name: `v${j}`,
    data: returns(n, 100 + j, 0.02),
    type: "DOUBLE",
  }));
  writeParquet(path.join(data, "panel.parquet"), [{ name: "date", data: dates(n) }, ...cols]);
  writeCsv(path.join(data, "bench.csv"), ["date", "bench"], [dates(n), returns(n, 99, 0.02)]);
  writeCsv(path.join(other, "elsewhere.csv"), ["date", "strategy"], [idx, r]);
}, 300_000);

afterAll(() => {
  rmSync(data, { recursive: true, force: true });
  rmSync(other, { recursive: true, force: true });
});

type Result = { isError?: boolean; structuredContent?: Record<string, any>; content: { text: string }[] };

async function stdioClient(args: string[], roots?: { list: string[] }): Promise<Client> {
  const client = new Client(
    { name: "t", version: "1" },
    roots ? { capabilities: { roots: { listChanged: true } } } : {},
  );
  if (roots)
    client.setRequestHandler(ListRootsRequestSchema, async () => ({
      roots: roots.list.map((d) => ({ uri: pathToFileURL(d).href, name: path.basename(d) })),
    }));
  await client.connect(
    new StdioClientTransport({
      env: ledgerEnv(),
      command: process.execPath,
      args: [SERVER_JS, ...args],
      stderr: "pipe",
    }),
  );
  return client;
}

const call = async (c: Client, name: string, args: Record<string, unknown>) =>
  (await c.callTool({ name, arguments: args }, undefined, { timeout: 600_000 })) as Result;

describe("file references over stdio MCP", () => {
  let client: Client;
  beforeAll(async () => {
    client = await stdioClient(["--data-dir", data]);
  });
  afterAll(async () => client?.close());

  it(
    "check_cost_curve by CSV and Parquet reference equals the inline " + "result; provenance has the file's SHA-256",
    async () => {
      const inline = await call(client, "check_cost_curve", {
        returns: { index: idx, values: r },
        turnover: { index: idx, values: to },
        cost_bps: 10,
      });
      expect(inline.isError).toBeUndefined();
      for (const file of ["bt.csv", "bt.parquet"]) {
        const got = await call(client, "check_cost_curve", {
          returns: { file, column: "strategy", index: "date" },
          turnover: { file, column: "turnover" },
          cost_bps: 10,
        });
        expect(got.isError, got.content[0]!.text).toBeUndefined();
        const { elapsed_s: _a, provenance: p, ...rest } = got.structuredContent!;
        const { elapsed_s: _b, provenance: q, ...want } = inline.structuredContent!;
        expect(rest).toEqual(want);
        expect(p.files.map((f: { content_hash: string }) => f.content_hash)).toEqual([
          sha256(path.join(data, file)),
          sha256(path.join(data, file)),
        ]);
        expect(p.files[0]).toMatchObject({ field: "returns", file, rows: N, columns: ["strategy"], index: "date" });
        expect(p.input_sha256).not.toBe(q.input_sha256);
      }
    },
  );

  it("check_spa_test runs on a 2,520 x 30 Parquet frame by reference", async () => {
    const got = await call(client, "check_spa_test", {
      benchmark_returns: { file: "bench.csv" },
      model_returns: { file: "panel.parquet" },
      reps: 200,
      block_size: 5,
    });
    expect(got.isError, got.content[0]!.text).toBeUndefined();
    const files = got.structuredContent!.provenance.files;
    expect(files[1]).toMatchObject({ field: "model_returns", rows: 2520, index: "date", format: "parquet" });
    expect(files[1].columns).toHaveLength(30);
    expect(files[1].content_hash).toBe(sha256(path.join(data, "panel.parquet")));
    expect(got.structuredContent!.evidence.n_models).toBe(30);
  });

  it("refuses a path outside the data directory, naming the field", async () => {
    const got = await call(client, "check_cost_curve", {
      returns: { file: path.join(other, "elsewhere.csv") },
      turnover: 0.5,
    });
    expect(got.isError).toBe(true);
    expect(got.content[0]!.text).toMatch(/^returns\/file: ".*elsewhere\.csv" is outside the allowed directories/);
  });
});

describe("MCP roots", () => {
  it("reads under the client's roots, and follows roots/list_changed mid-session", async () => {
    const roots = { list: [data] };
    const client = await stdioClient([], roots);
    try {
      const args = { returns: { file: "elsewhere.csv" }, turnover: 0.5 };
      const first = await call(client, "check_cost_curve", args);
      expect(first.isError).toBe(true);
      expect(first.content[0]!.text).toMatch(/^returns\/file: no file "elsewhere\.csv" under the allowed directories/);
      roots.list = [other];
      await client.sendRootsListChanged();
      // the notification is handled before the next request on the same ordered stream
      const second = await call(client, "check_cost_curve", args);
      expect(second.isError, second.content[0]?.text).toBeUndefined();
      expect(second.structuredContent!.provenance.files[0].content_hash).toBe(
        sha256(path.join(other, "elsewhere.csv")),
      );
      const gone = await call(client, "check_cost_curve", {
        returns: { file: "bt.csv", column: "strategy" },
        turnover: 0.5,
      });
      expect(gone.content[0]!.text).toMatch(/^returns\/file: no file "bt\.csv"/);
      roots.list = [];
      await client.sendRootsListChanged();
      const none = await call(client, "check_cost_curve", args);
      expect(none.content[0]!.text).toMatch(
        /^returns\/file: file references are refused: the client's MCP roots list no/,
      );
    } finally {
      await client.close();
    }
  });
});

describe("HTTP without data directories", () => {
  it("refuses references with a message saying how to enable them", async () => {
    const child = spawn(process.execPath, [SERVER_JS, "--http", "--port", "0"], {
      cwd: data,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const url: string = await new Promise((resolve, reject) => {
      let err = "";
      child.stderr.on("data", (d) => {
        err += String(d);
        const m = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
        if (m) resolve(m[1]!);
      });
      child.on("exit", () => reject(new Error(err)));
    });
    try {
      const client = new Client({ name: "t", version: "1" });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      const got = await call(client, "check_cost_curve", {
        returns: { file: "bt.csv", column: "strategy" },
        turnover: 0.5,
      });
      expect(got.isError).toBe(true);
      expect(got.content[0]!.text).toBe(
        "returns/file: file references are off over HTTP: start fin-skills-mcp with --data-dir DIR (repeatable) " +
          "to allow reading files under DIR",
      );
      await client.close();
    } finally {
      child.kill();
    }
  });
});
