// Credentials out of ledger locations and messages: a postgres URL's password, in its user-info or in any
// parameter naming a secret, never reaches provenance, warnings, logs or command-line output.

/** Parameter names whose values are secrets (password, sslpassword, passfile is a path and kept). */
const SECRET_PARAM = /^(.*password|pwd|.*secret|.*token)$/i;
/** A postgres URL inside free text, up to the first space, quote or closing bracket. */
const URL_IN_TEXT = /postgres(?:ql)?:\/\/[^\s'"`<>()[\]{}]+/gi;

/** True for a PostgreSQL connection URL. */
export function isPostgresUrl(spec: string): boolean {
  return /^postgres(ql)?:\/\//i.test(spec);
}

/** A ledger location without credentials: a URL's password and secret parameters are removed. */
export function redactLocation(spec: string): string {
  if (!isPostgresUrl(spec)) return spec;
  let u: URL;
  try {
    u = new URL(spec);
  } catch {
    return "postgres://(unparseable URL)";
  }
  u.password = "";
  for (const key of [...u.searchParams.keys()]) if (SECRET_PARAM.test(key)) u.searchParams.delete(key);
  return u.toString();
}

/** The secret values a ledger spec carries, raw and percent-decoded (empty for a file path). */
export function secretsOf(spec: string | null): string[] {
  if (spec === null || !isPostgresUrl(spec)) return [];
  const raw: string[] = [];
  const userInfo = /^[^:]+:\/\/([^/?#]*)@/.exec(spec)?.[1];
  if (userInfo?.includes(":")) raw.push(userInfo.slice(userInfo.indexOf(":") + 1));
  for (const pair of (spec.split("?")[1] ?? "").split("#")[0]!.split("&")) {
    const eq = pair.indexOf("=");
    if (eq > 0 && SECRET_PARAM.test(decode(pair.slice(0, eq)))) raw.push(pair.slice(eq + 1));
  }
  const all = raw.flatMap((s) => [s, decode(s), decode(s.replaceAll("+", " "))]);
  return [...new Set(all.filter((s) => s !== ""))].sort((a, b) => b.length - a.length);
}

/** `text` with the spec's secrets and every postgres URL's credentials removed (for messages from drivers). */
export function scrubSecrets(text: string, spec: string | null): string {
  let out = text.replace(URL_IN_TEXT, (url) => redactLocation(url));
  for (const secret of secretsOf(spec)) out = out.replaceAll(secret, "***");
  return out;
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
