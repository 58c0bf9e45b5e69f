// The ledger store contract, run over every backend from one table (backends.ts).
import { BACKENDS } from "./backends.js";
import { storeConformance } from "./conformance.js";

for (const describeBackend of BACKENDS) describeBackend("ledger store contract", storeConformance);
