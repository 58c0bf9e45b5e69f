// Which files of generated/ are committed: the review surface. Everything else gen writes is a build
// output, rebuilt by `npm ci` (the prepare script runs `gen --derived`) and never committed.
// .gitignore says the same (generated/* with one exception per file here); test/schema-diff/layout
// checks that the two agree and that no committed line is over 200 characters.

/**
 * tools.api.md is the file a reviewer reads (one row per input); manifest.json pins the rest: its
 * tools_sha256 is the hash of the whole tool table, descriptions included, so gen:check fails when
 * the sources no longer produce the table that was reviewed, and the runtime refuses a build output
 * that does not match it.
 */
export const COMMITTED: readonly string[] = ["manifest.json", "tools.api.md"];

/** True for a path relative to generated/ that is committed (the rest are build outputs). */
export const isCommitted = (rel: string): boolean => COMMITTED.includes(rel);
