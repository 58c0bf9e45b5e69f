// After tsc: the precompiled validators are plain JavaScript, so copy them next to the compiled runtime.
import { copyFileSync, mkdirSync } from "node:fs";

mkdirSync("dist/generated", { recursive: true });
copyFileSync("generated/validators.js", "dist/generated/validators.js");
