// Word wrapping for an 80-column terminal: breaks at spaces, keeps a hanging indent, and cuts a
// single word only when it is longer than the line.

export const COLUMNS = 80;

/** `text` as lines of at most `width` characters; the first starts with `first`, the rest with `rest`. */
export function wrap(text: string, first: string, rest: string = " ".repeat(first.length), width = COLUMNS): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  const flush = () => {
    lines.push(line.trimEnd());
    line = rest;
    empty = true;
  };
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let w = word;
    if (!empty && line.length + 1 + w.length > width) flush();
    while (line.length + w.length > width) {
      const room = Math.max(1, width - line.length);
      line += w.slice(0, room);
      w = w.slice(room);
      flush();
    }
    line += empty ? w : ` ${w}`;
    empty = false;
  }
  if (!empty || lines.length === 0) lines.push(line.trimEnd());
  return lines;
}
