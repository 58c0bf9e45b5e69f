// System programs some suites drive (chromium, zstd). Tests never install them: a missing one fails its
// tests with one line saying what to install when CI is set, and elsewhere skips them with that line
// (scripts/run-tests.mjs counts the skipped tests and closes with `skipped (<that line>): <test name>` for each).
import { spawnSync } from "node:child_process";
import { describe, it } from "vitest";

export interface SystemTool {
  /** The program as the suite runs it. */
  readonly command: string;
  /** What to install, on Debian and on macOS. */
  readonly install: string;
  /** The arguments of the run that says the tool works (default --version). */
  readonly probe?: readonly string[];
}

export const CHROMIUM: SystemTool = {
  command: "/usr/bin/chromium",
  install: "apt-get install chromium (Debian; the browser tests drive /usr/bin/chromium)",
};
export const ZSTD: SystemTool = { command: "zstd", install: "apt-get install zstd, or brew install zstd" };
/** A user and mount namespace of one's own, where a test mounts a read-only or a full file system. */
export const UNSHARE: SystemTool = {
  command: "unshare",
  install: "apt-get install util-linux, on a Linux kernel that allows unprivileged user namespaces",
  probe: ["-rm", "true"],
};

const present = new Map<string, boolean>();
/** FIN_SKILLS_ABSENT_TOOLS=zstd,/usr/bin/chromium: treat these as missing, to see what such a machine gets. */
const absent = new Set((process.env.FIN_SKILLS_ABSENT_TOOLS ?? "").split(",").filter(Boolean));

/** True when `tool` runs (`<command> --version`, or its probe, exits 0); asked once per process. */
export function hasTool(tool: SystemTool): boolean {
  if (absent.has(tool.command)) return false;
  if (!present.has(tool.command))
    present.set(
      tool.command,
      spawnSync(tool.command, [...(tool.probe ?? ["--version"])], { stdio: "ignore" }).status === 0,
    );
  return present.get(tool.command)!;
}

/** The one line a missing tool gives. */
export function missingLine(tool: SystemTool): string {
  return `${tool.command} is not installed: ${tool.install}; the test suite never installs system packages`;
}

/** The skip marker scripts/run-tests.mjs collects from test titles. */
export const SKIP_MARK = "[needs a system tool]";

/** `it` when the tool is there; else one failing test with the line in CI, or the test skipped with it. */
export function itWithTool(tool: SystemTool): typeof it {
  if (hasTool(tool)) return it;
  if (process.env.CI) return ((name: string) => it(`${name}: ${missingLine(tool)}`, () => fail(tool))) as typeof it;
  return ((name: string, ...rest: never[]) =>
    it.skip(`${name} ${SKIP_MARK} ${missingLine(tool)}`, ...rest)) as typeof it;
}

/** `describe` when the tool is there; else, as itWithTool, one failing test in CI or the suite skipped. */
export function describeWithTool(tool: SystemTool): typeof describe {
  if (hasTool(tool)) return describe;
  if (process.env.CI)
    return ((name: string) => describe(name, () => void it(missingLine(tool), () => fail(tool)))) as typeof describe;
  return ((name: string, fn: () => void) =>
    describe.skip(`${name} ${SKIP_MARK} ${missingLine(tool)}`, fn)) as typeof describe;
}

function fail(tool: SystemTool): never {
  throw new Error(missingLine(tool));
}
