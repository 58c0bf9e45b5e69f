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

// The build's stamp: the table it was built from, so a runtime under dist/ serves no tool that
// `npm run gen` added after the build (its validator and guard module are not in dist/ yet).
const manifest = JSON.parse(readFileSync("generated/manifest.json", "utf8"));
const table = JSON.parse(readFileSync("generated/tools.json", "utf8"));
const stamp = { tools_sha256: manifest.tools_sha256, tools: table.tools.map((t) => t.name).sort() };
writeFileSync("dist/generated/build.json", `${JSON.stringify(stamp, null, 2)}\n`);
