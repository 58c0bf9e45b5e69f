// Test-only module-resolution hook: makes the @modelcontextprotocol/* packages unresolvable, as if not
// installed, to ES module imports (a loader hook) and to CommonJS require and require.resolve alike.
import Module, { register } from "node:module";

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

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (typeof request === "string" && request.startsWith("@modelcontextprotocol/")) {
    const e = new Error(`Cannot find module '${request}'`);
    e.code = "MODULE_NOT_FOUND";
    throw e;
  }
  return resolveFilename.call(this, request, ...rest);
};
