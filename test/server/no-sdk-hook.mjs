// Test-only module-resolution hook: makes the @modelcontextprotocol/* packages unresolvable, as if not installed.
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(`
export async function resolve(specifier, context, next) {
  if (specifier.startsWith("@modelcontextprotocol/")) {
    const e = new Error("Cannot find package '@modelcontextprotocol/server'");
    e.code = "ERR_MODULE_NOT_FOUND";
    throw e;
  }
  return next(specifier, context);
}`),
);
