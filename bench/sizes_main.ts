// `npx tsx bench/sizes_main.ts`: only the export-size case (the rest of the bench spawns processes).
import { table } from "./report.js";
import { sizes } from "./cases/sizes.js";

console.log(table(sizes()));
