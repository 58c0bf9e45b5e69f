// The JSDoc grammar of check(): summary, prose, and the Inputs block, whose entries may carry
// constraint tags (`name : text @minimum 0 @maximum 1`). A tag at the start of a doc line ends it.

export interface DocTag {
  readonly tag: string;
  readonly value: string;
  readonly line: number;
}

export interface DocEntry {
  readonly names: readonly string[];
  readonly text: string;
  readonly tags: readonly DocTag[];
  readonly line: number;
}

export interface DocProblem {
  readonly code: "FS008" | "FS009";
  readonly line: number;
  readonly message: string;
}

export interface ParsedDoc {
  readonly summary: string;
  readonly prose: string;
  readonly entries: readonly DocEntry[];
  readonly hasInputsHeader: boolean;
  /** The block tag that ended the description (`@param`, `@example`, ...), or null. */
  readonly endedBy: DocTag | null;
  /** Every block tag after the description, in order (`@keywords` is read by keywords.ts). */
  readonly blockTags: readonly DocTag[];
  readonly problems: readonly DocProblem[];
}

interface Line {
  readonly text: string;
  readonly line: number;
}

const collapse = (s: string) => s.replace(/\s+/g, " ").trim();
const indentOf = (s: string) => s.length - s.trimStart().length;
const ENTRY = /^([A-Za-z_][A-Za-z0-9_]*(?:\s*,\s*[A-Za-z_][A-Za-z0-9_]*)*)\s*:\s*(.*)$/;

/**
 * Strips `/**`, `*\/` and each line's ` * ` decoration, keeping the indentation after it. A line
 * starting with `@tag` (not indented) ends the description; the rest are the block tags.
 */
export function docLines(raw: string, firstLine: number): { lines: Line[]; tags: DocTag[] } {
  const body = raw.replace(/^\/\*\*/, "").replace(/\*\/\s*$/, "");
  const out: Line[] = [];
  const tags: DocTag[] = [];
  for (const [i, l] of body.split("\n").entries()) {
    const text = l.replace(/^\s*\* ?/, "").replace(/\s+$/, "");
    const tag = /^@(\w+)\s*(.*)$/.exec(text);
    if (tag || tags.length) {
      if (tag) tags.push({ tag: tag[1]!, value: tag[2]!, line: firstLine + i });
      continue;
    }
    out.push({ text, line: firstLine + i });
  }
  while (out.length && out[0]!.text.trim() === "") out.shift();
  while (out.length && out.at(-1)!.text.trim() === "") out.pop();
  return { lines: out, tags };
}

/** Splits `text @tag value @tag value` into the text and its tags. */
export function splitTags(text: string, line: number): { text: string; tags: DocTag[] } {
  const parts = text.split(/(?:^|\s)@(?=[A-Za-z]+\b)/);
  const tags = parts.slice(1).map((p) => {
    const m = /^([A-Za-z]+)\s*([\s\S]*)$/.exec(p)!;
    return { tag: m[1]!, value: m[2]!.trim(), line };
  });
  return { text: parts[0]!.trim(), tags };
}

function paragraphs(lines: readonly Line[]): string[] {
  const out: string[] = [];
  let cur: string[] = [];
  for (const l of lines) {
    if (l.text.trim() === "") {
      if (cur.length) out.push(collapse(cur.join(" ")));
      cur = [];
    } else cur.push(l.text);
  }
  if (cur.length) out.push(collapse(cur.join(" ")));
  return out;
}

function readInputs(
  lines: readonly Line[],
  header: Line,
  problems: DocProblem[],
): { entries: DocEntry[]; end: number; start: number } {
  const headerIndent = indentOf(header.text);
  const start = lines.indexOf(header) + 1;
  const entries: { names: string[]; parts: string[]; line: number }[] = [];
  let entryIndent: number | null = null;
  let i = start;
  for (; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.text.trim() === "") continue;
    const indent = indentOf(l.text);
    if (indent <= headerIndent) break;
    if (/^\t| \t/.test(l.text.slice(0, indent + 1)))
      problems.push({ code: "FS008", line: l.line, message: "tab in the indentation of an Inputs line" });
    const m = ENTRY.exec(l.text.trim());
    if (entryIndent === null && m) entryIndent = indent;
    if (indent === entryIndent && m)
      entries.push({ names: m[1]!.split(",").map((s) => s.trim()), parts: [m[2]!], line: l.line });
    else if (entryIndent !== null && indent > entryIndent && entries.length) entries.at(-1)!.parts.push(l.text.trim());
    else problems.push({ code: "FS008", line: l.line, message: `malformed Inputs line: '${l.text.trim()}'` });
  }
  return {
    entries: entries.map((e) => ({ names: e.names, ...splitTags(collapse(e.parts.join(" ")), e.line), line: e.line })),
    end: i,
    start,
  };
}

/** Parses a check() JSDoc comment; `firstLine` is the line of its opening `/**`. */
export function parseDoc(raw: string, firstLine: number): ParsedDoc {
  const { lines, tags } = docLines(raw, firstLine);
  const problems: DocProblem[] = [];
  for (const t of tags.filter((x) => x.tag === "param"))
    problems.push({
      code: "FS008",
      line: t.line,
      message:
        "@param is not read; document each input in the Inputs block instead: 'Inputs' then '  " +
        `${t.value.split(/\s/)[0] || "name"} : text'`,
    });
  for (const l of lines)
    if (/^\t/.test(l.text))
      problems.push({ code: "FS008", line: l.line, message: "tab in the indentation of a doc line" });
  const headers = lines.filter((l) => l.text.trim() === "Inputs");
  if (headers.length > 1)
    problems.push({ code: "FS008", line: headers[1]!.line, message: "more than one Inputs header" });
  const header = headers[0];
  let entries: DocEntry[] = [];
  let outside = lines;
  if (header) {
    const block = readInputs(lines, header, problems);
    entries = block.entries;
    outside = [...lines.slice(0, block.start - 1), { text: "", line: header.line }, ...lines.slice(block.end)];
  }
  const paras = paragraphs(outside);
  const firstNonBlank = lines.find((l) => l.text.trim() !== "");
  const summary = firstNonBlank && firstNonBlank !== header ? (paras[0] ?? "") : "";
  if (!summary)
    problems.push({ code: "FS009", line: firstLine, message: "the JSDoc of check() has no summary paragraph" });
  return {
    summary,
    prose: paras.join(" "),
    entries,
    hasInputsHeader: header !== undefined,
    endedBy: tags[0] ?? null,
    blockTags: tags,
    problems,
  };
}
