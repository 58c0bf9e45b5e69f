// `npm run bench:typia`: the typia comparison table (bench/typia/compare.ts) on stdout, in Markdown;
// exits 1 when any schema of ours is wrong.
import { compareWithTypia, markdown } from "./typia/compare.js";

const rows = await compareWithTypia();
process.stdout.write(markdown(rows));
const wrong = rows.filter((r) => r.ours === "wrong");
if (wrong.length) {
  console.error(
    `bench typia: ${wrong.length} wrong schema(s) of ours: ${wrong.map((r) => `${r.tool}.${r.input}`).join(", ")}`,
  );
  process.exit(1);
}
