// How the README's shell lines are read and classified for the README commands test
// (readme_commands.test.ts). Every rule reads the README's own text; nothing here lists commands.
//
// Lines: each ```sh block, a line ending in `\` joined with the next; ` # ...` outside quotes is a
// comment (a `# or: ...` alternative is prose, not run); blank lines are skipped.
// Where a line runs: the block that contains `npm ci` is the quick start, which .ci/run runs verbatim on
// a clean checkout (the test checks that it does); every other block runs in one folder outside the
// checkout. Order: `npm pack`, then the other run lines in README order (they install), then the mcp-add
// and server lines. Placeholders: `/path/to/fin-skills` is this built checkout; `/path/to/<name>.tgz` is
// the tarball `npm pack` wrote for it (the README says where it comes from), with the name exactly as written.
// Kinds:
// - server: the comment names a loopback URL (`http://127.0.0.1:<port>/...`), the README's way of
//   saying the command serves there. Started; ready when it says it serves that URL; every line that
//   uses the URL runs against it; then stopped with SIGTERM.
// - uses-server: the line contains a URL a server line serves; runs while that server is up.
// - mcp-add: `claude mcp add <name> -- <command>`. Claude Code is not a dependency; the test runs
//   <command> as an MCP client over stdio would (what `claude mcp get` checks) and lists its tools.
// - suite: `npm test` or `npm run test...`: the test suite this test is part of; running it here
//   would run this test again, so the test checks the script exists and leaves the run to CI.
// - run: everything else; runs to completion and must exit 0.
import type { FencedBlock } from "../helpers/readme.js";

export type Kind = "server" | "uses-server" | "mcp-add" | "suite" | "run";

export interface CommandLine {
  /** 1-based README line of the command's first line. */
  readonly line: number;
  readonly command: string;
  readonly comment: string;
  readonly inClone: boolean;
}

/** The index of the first ` #` that is outside quotes, or -1. */
function commentStart(text: string): number {
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "#" && (i === 0 || /\s/.test(text[i - 1]!))) return i;
  }
  return -1;
}

/** The command lines of one shell block. */
export function commandLines(block: FencedBlock): CommandLine[] {
  const inClone = /(^|\s)npm ci(\s|$)/m.test(block.text);
  const out: CommandLine[] = [];
  const lines = block.text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const first = i;
    let text = lines[i]!;
    while (text.endsWith("\\") && i + 1 < lines.length) text = `${text.slice(0, -1)} ${lines[++i]!.trim()}`;
    const at = commentStart(text);
    const command = (at < 0 ? text : text.slice(0, at)).trim();
    const comment = at < 0 ? "" : text.slice(at + 1).trim();
    if (command) out.push({ line: block.line + 1 + first, command, comment, inClone });
  }
  return out;
}

const LOOPBACK_URL = /http:\/\/127\.0\.0\.1:\d+\/\S*/;

/** The URL a server line serves at, from its comment; null for other lines. */
export function servedUrl(c: CommandLine): string | null {
  return LOOPBACK_URL.exec(c.comment)?.[0] ?? null;
}

export function classify(c: CommandLine, servedUrls: readonly string[]): Kind {
  if (servedUrl(c)) return "server";
  if (servedUrls.some((u) => c.command.includes(u))) return "uses-server";
  if (/^claude mcp add \S+ -- /.test(c.command)) return "mcp-add";
  if (/^npm (test|run(-script)? (-s )?test)(\s|:|$)/.test(c.command)) return "suite";
  return "run";
}

/** The server command of an `mcp-add` line (after ` -- `). */
export function mcpCommand(c: CommandLine): string {
  return c.command.slice(c.command.indexOf(" -- ") + 4);
}

/** The command with the README's placeholders replaced; throws when a tarball named there does not exist. */
export function resolvePlaceholders(command: string, clone: string, tarballs: ReadonlyMap<string, string>): string {
  return command.replace(/\/path\/to\/([^\s/]+)/g, (whole, name: string) => {
    if (name === "fin-skills") return clone;
    if (name.endsWith(".tgz")) {
      const file = tarballs.get(name);
      if (!file) throw new Error(`the README names ${whole}, but npm pack wrote ${[...tarballs.keys()].join(", ")}`);
      return file;
    }
    throw new Error(`unknown placeholder ${whole}`);
  });
}
