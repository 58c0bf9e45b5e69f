// File references: series and frame inputs read from CSV, TSV, Parquet, JSON and NDJSON files
// under the directories the user allowed.
export { MAX_FILE_BYTES, OFF_IN_PROCESS, rootPath, type DataDirs, type FileAccess } from "./access.js";
export { filesOpened, type FileProvenance } from "./load.js";
export { FORMATS, REFERENCE_KEYS, type FileReference } from "./reference.js";
export { resolveFileReferences } from "./resolve.js";
export { referenceSchema } from "./schema.js";
