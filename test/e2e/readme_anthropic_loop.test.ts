// The README's Anthropic loop, run as written (the real @anthropic-ai/sdk, the built package) against
// a loopback stand-in for the Messages API (no network here): when one reply asks for several tools,
// the next request carries one assistant turn with that reply and one user turn with every result,
// each tool_result naming its tool_use id; bad input comes back as an is_error result.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readmeBlocks } from "../helpers/readme.js";
import { ROOT } from "../helpers/type_check.js";

const block = readmeBlocks(ROOT, "ts").find((b) => b.text.includes("@anthropic-ai/sdk"))!;
const calls = [
  { id: "toolu_1", name: "check_cost_curve", input: { returns: [0.004, -0.002, 0.003, 0.001], turnover: 0.2 } },
  { id: "toolu_2", name: "list_guards", input: {} },
  { id: "toolu_3", name: "check_cost_curve", input: { returns: [0.01], turnover: "high" } },
];
const firstReply = [{ type: "text", text: "Checking." }, ...calls.map((c) => ({ type: "tool_use", ...c }))];
const requests: any[] = [];
let server: Server;
let dir = "";

function message(content: unknown[], stop: string) {
  return {
    id: `msg_${requests.length}`,
    type: "message",
    role: "assistant",
    model: "stand-in",
    content,
    stop_reason: stop,
    stop_sequence: null,
    usage: { input_tokens: 1, output_tokens: 1 },
  };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      requests.push(JSON.parse(body));
      const reply =
        requests.length === 1
          ? message(firstReply, "tool_use")
          : message([{ type: "text", text: "Done." }], "end_turn");
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // Inside the package, so `import ... from "fin-skills"` resolves to the package itself.
  dir = mkdtempSync(path.join(ROOT, "test", "e2e", ".readme-loop-"));
}, 60_000);
afterAll(() => {
  server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("README Anthropic loop", () => {
  it("answers several tool calls of one reply with one assistant turn and one user turn of results", async () => {
    const file = path.join(dir, "loop.ts");
    writeFileSync(file, block.text);
    const port = (server.address() as AddressInfo).port;
    // Asynchronous: the stand-in server answers from this process's event loop.
    const child = spawn(process.execPath, ["--import", "tsx", file], {
      cwd: ROOT,
      env: { ...process.env, ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`, ANTHROPIC_API_KEY: "stand-in" },
    });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    const status = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(status, stderr).toBe(0);
    expect(requests.length).toBe(2);
    const [user, assistant, results, ...rest] = requests[1].messages;
    expect(rest).toEqual([]);
    expect(user.role).toBe("user");
    expect(assistant).toEqual({ role: "assistant", content: firstReply });
    expect(results.role).toBe("user");
    expect(results.content.map((b: any) => [b.type, b.tool_use_id, b.is_error])).toEqual([
      ["tool_result", "toolu_1", false],
      ["tool_result", "toolu_2", false],
      ["tool_result", "toolu_3", true],
    ]);
    expect(JSON.parse(results.content[0].content).evidence.breakeven_bps).toBeDefined();
    expect(JSON.parse(results.content[1].content).tool).toBe("list_guards");
    expect(results.content[2].content).toContain("turnover");
  }, 180_000);
});
