// The handler table: the first handler that supports a node maps it; none is FS011.
import type { TypeNode } from "ts-morph";
import { arrayHandler } from "./arrays.js";
import { tupleHandler } from "./tuples.js";
import { computedHandler } from "./computed.js";
import { indexedHandler } from "./indexed.js";
import { intersectionHandler } from "./intersections.js";
import { templateHandler } from "./templates.js";
import { keywordHandler } from "./keywords.js";
import { literalHandler } from "./literals.js";
import { functionHandler, typeLiteralHandler } from "./objects.js";
import { importTypeHandler, referenceHandler } from "./references.js";
import { orResolved } from "./resolved.js";
import { unionHandler } from "./unions.js";
import { unsupported, type MapContext, type Mapped, type TypeHandler, type Warning } from "./handler.js";

/** A computed type the literal forms do not cover (`typeof OBJ`, an object) is what the checker resolved. */
const computedOrResolved: TypeHandler = {
  ...computedHandler,
  toSchema: (n, ctx) => orResolved(n, ctx, computedHandler.toSchema(n, ctx)),
};

export const HANDLERS: readonly TypeHandler[] = [
  keywordHandler,
  literalHandler,
  unionHandler,
  tupleHandler,
  arrayHandler,
  indexedHandler,
  computedOrResolved,
  templateHandler,
  intersectionHandler,
  referenceHandler,
  importTypeHandler,
  typeLiteralHandler,
  functionHandler,
];

/** Maps one annotation; warnings (FS101, FS102) are appended to `warnings`. */
export function mapType(node: TypeNode, contractFile: string, projectRoot: string, warnings: Warning[]): Mapped {
  const ctx: MapContext = {
    contractFile,
    projectRoot,
    warnings,
    following: new Map(),
    bounded: new Set(),
    typeArgs: new Map(),
    map: (n) => HANDLERS.find((h) => h.supports(n))?.toSchema(n, ctx) ?? orResolved(n, ctx, unsupported(n)),
  };
  return ctx.map(node);
}

export type { Mapped, Warning } from "./handler.js";
