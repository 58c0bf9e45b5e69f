import { coldStart } from "./cases/cold_start.js";
async function main(){ const r = await coldStart();
for (const row of r.rows) console.log(row.label, row.value.toFixed(1), row.unit, row.spread ? JSON.stringify(row.spread) : ""); }
main();
