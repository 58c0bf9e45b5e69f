// After tsc: the precompiled validators are plain JavaScript, so copy them next to the compiled runtime.
// The generated file is formatted for reading; the copy drops the layout whitespace (esbuild, when
// installed) so that the runtime parses no more than the one-line original.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";

const from = "generated/validators.js";
const to = "dist/generated/validators.js";
mkdirSync("dist/generated", { recursive: true });
let esbuild = null;
try {
  esbuild = await import("esbuild");
} catch {
  copyFileSync(from, to);
}
if (esbuild) {
  const { code } = await esbuild.transform(readFileSync(from, "utf8"), {
    format: "esm",
    minifyWhitespace: true,
    legalComments: "none",
  });
  writeFileSync(to, code);
}
