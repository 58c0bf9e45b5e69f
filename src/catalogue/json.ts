// JSON values and JSON Schema objects, as the compiler and the catalogue declarations spell them.

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type Schema = { [k: string]: Json };
