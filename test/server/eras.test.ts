// A client pinned to 2026-07-28 and one on 2025-06-18, over stdio and over HTTP, both list and call
// every tool; the 2026-07-28 client lists and gets every skill through the Skills extension, and sees
// the report app when its per-request capabilities declare the Apps extension.
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { SkillsClient } from "@modelcontextprotocol/client/ext/skills";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listTools } from "../../src/runtime/index.js";
import { validArgs } from "../hardening/valid_args.js";
import { ROOT, SERVER_JS } from "./fixtures.js";
import { APP_MIME_TYPE, APP_TOOLS, APP_URI, EXTENSION_ID } from "../../src/server/app_resource.js";
import { ledgerEnv } from "../helpers/ledger_env.js";

const MODERN = "2026-07-28";
const ERAS = [
  { name: MODERN, options: { versionNegotiation: { mode: { pin: MODERN } } } },
  { name: "2025-06-18", options: { supportedProtocolVersions: ["2025-06-18"] } },
] as const;
const SKILL_NAMES = readdirSync(path.join(ROOT, "skills"), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

let http: ChildProcess;
let url: string;

beforeAll(async () => {
  http = spawn(process.execPath, [SERVER_JS, "--http", "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
  url = await new Promise((resolve, reject) => {
    let err = "";
    http.stderr?.on("data", (d) => {
      err += String(d);
      const m = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
      if (m) resolve(m[1]!);
    });
    http.on("exit", () => reject(new Error(err)));
  });
}, 180_000);
afterAll(() => {
  http.kill("SIGTERM");
});

const transports = {
  stdio: () =>
    new StdioClientTransport({ env: ledgerEnv(), command: process.execPath, args: [SERVER_JS], stderr: "ignore" }),
  http: () => new StreamableHTTPClientTransport(new URL(url)),
};

async function connect(era: (typeof ERAS)[number], over: keyof typeof transports, withApps = false): Promise<Client> {
  const capabilities = withApps ? { extensions: { [EXTENSION_ID]: { mimeTypes: [APP_MIME_TYPE] } } } : {};
  const client = new Client({ name: `eras-${era.name}`, version: "1" }, { ...era.options, capabilities } as never);
  await client.connect(transports[over]());
  return client;
}

describe.each(["stdio", "http"] as const)("over %s", (over) => {
  it.each(ERAS)(
    "a $name client lists and calls every tool",
    async (era) => {
      const client = await connect(era, over);
      try {
        expect(client.getNegotiatedProtocolVersion()).toBe(era.name);
        const { tools } = await client.listTools();
        expect(tools.map((t) => t.name)).toEqual(listTools().map((t) => t.name));
        for (const t of listTools()) {
          const r: any = await client.callTool({ name: t.name, arguments: validArgs(t) }, { timeout: 120_000 });
          expect([t.name, r.isError ? r.content[0].text : "ok"]).toEqual([t.name, "ok"]);
          expect(typeof r.structuredContent).toBe("object");
        }
      } finally {
        await client.close();
      }
    },
    300_000,
  );

  it("a 2026-07-28 client declaring the Apps extension sees the report app listed and referenced", async () => {
    const client = await connect(ERAS[0], over, true);
    try {
      const { resources } = await client.listResources();
      expect(resources.map((r) => r.uri)).toEqual([APP_URI]);
      const { tools } = await client.listTools();
      const referencing = tools.filter((t) => (t._meta?.ui as { resourceUri?: string })?.resourceUri === APP_URI);
      expect(referencing.map((t) => t.name).sort()).toEqual(
        APP_TOOLS.filter((n) => tools.some((t) => t.name === n)).sort(),
      );
    } finally {
      await client.close();
    }
  }, 120_000);

  it("a 2026-07-28 client lists and gets every skill through the Skills extension", async () => {
    const client = await connect(ERAS[0], over);
    try {
      const skills = new SkillsClient(client);
      expect(skills.supported).toBe(true);
      const listing = await skills.list();
      const names = listing.skills.map((s) => s.frontmatter.name).sort();
      expect(names).toEqual(SKILL_NAMES);
      for (const entry of listing.skills) {
        const name = entry.frontmatter.name;
        const { skill } = await skills.get(entry.uri);
        expect(skill.frontmatter.name).toBe(name);
        // Every file of the skill is listed with its sha256 digest and size; SKILL.md is one of them.
        const files = skill.resources as { uri: string; digest: string; size: number }[];
        const own = readFileSync(path.join(ROOT, "skills", name, "SKILL.md"));
        const listed = files.find((f) => f.uri.endsWith(`${name}/SKILL.md`));
        expect(listed?.digest).toBe(`sha256:${createHash("sha256").update(own).digest("hex")}`);
        expect(listed?.size).toBe(own.length);
        const file = await skills.read(skill);
        expect(file.verified).toBe(true);
        expect(file.text).toBe(own.toString("utf8"));
      }
    } finally {
      await client.close();
    }
  }, 300_000);
});
