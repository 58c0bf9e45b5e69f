// The layout of the generated code files, so that a diff can show them: no line over MAX_LINE
// characters, one fact per line where the content allows it. Layout only - content is unchanged.
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { chunks, tsLiteral } from "./ts_literal.js";

export const MAX_LINE = 200;

const require = createRequire(import.meta.url);

/** Biome's native binary from its platform package, else (none installed) its Node launcher, which finds it. */
function biomeCommand(): { file: string; args: string[] } {
  const exe = process.platform === "win32" ? ".exe" : "";
  for (const libc of ["", "-musl"]) {
    try {
      return { file: require.resolve(`@biomejs/cli-${process.platform}-${process.arch}${libc}/biome${exe}`), args: [] };
    } catch {
      // not this platform's package: try the next, then the launcher
    }
  }
  return { file: process.execPath, args: [require.resolve("@biomejs/biome/bin/biome")] };
}

/** Formatted texts of this process, by input: gen runs format the same validators again (tests, --check). */
const formatted = new Map<string, string>();
const FORMATTED_KEPT = 4;

/**
 * JavaScript formatted by Biome (tabs, 120 columns): one statement per line instead of one 350 KB line. The
 * binary runs directly: through its launcher each call also started Node and an `ldd` probe (~0.3 s).
 */
export function formatJs(code: string): string {
  const known = formatted.get(code);
  if (known !== undefined) return known;
  const biome = biomeCommand();
  const out = execFileSync(
    biome.file,
    [...biome.args, "format", "--stdin-file-path=generated.js", "--indent-style=tab", "--line-width=120"],
    { input: code, encoding: "utf8", maxBuffer: 1 << 28 },
  );
  if (formatted.size >= FORMATTED_KEPT) formatted.delete(formatted.keys().next().value!);
  formatted.set(code, out);
  return out;
}

/**
 * `export const x = <one-line JSON> as const satisfies T;` -> the same declaration with the value printed over many
 * lines.
 */
const ONE_LINE_EXPORT = /^export const (\w+) = (.+) as const satisfies (.+);$/;

export function relayoutConstExports(source: string): string {
  return source
    .split("\n")
    .map((line) => {
      const m = ONE_LINE_EXPORT.exec(line);
      if (!m) return line;
      return `export const ${m[1]} = ${tsLiteral(JSON.parse(m[2]!))} as const satisfies ${m[3]};`;
    })
    .join("\n");
}

/** The lines of `text` longer than MAX_LINE (tabs counted as two columns), as 1-based line numbers. */
export function longLines(text: string): number[] {
  return text.split("\n").flatMap((l, i) => (l.replace(/\t/g, "  ").length > MAX_LINE ? [i + 1] : []));
}

const COMMENT_LINE = /^(\s*\* )(.*)$/;
const UNION_TYPE = /^(export type \w+ =) (.+);$/;

/** A long JSDoc line wrapped at spaces; a long union type alias one member per line. Other lines unchanged. */
function wrapLine(line: string): string {
  if (line.length <= MAX_LINE) return line;
  const comment = COMMENT_LINE.exec(line);
  if (comment)
    return chunks(comment[2]!, 100)
      .map((c) => `${comment[1]}${c.trimEnd()}`)
      .join("\n");
  const union = UNION_TYPE.exec(line);
  if (union)
    return `${union[1]}\n${union[2]!
      .split(" | ")
      .map((m) => `  | ${m}`)
      .join("\n")};`;
  return line;
}

/** Generated TypeScript with its long comment and union lines wrapped. */
export const wrapLongTsLines = (source: string): string => source.split("\n").map(wrapLine).join("\n");
