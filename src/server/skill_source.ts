// The skills/ folder as a Skills-extension source whose catalog is built on first use: start-up then
// answers initialize and tools/list without first reading, parsing and hashing every skill file (the
// SDK's catalog build, 20-40 ms). The entries are the SDK's own (SkillsExtension.load); a file read
// goes through the same adapter and is checked against its entry's size and digest, as the SDK's
// catalog checks it. Pages are unbounded, so a cursor is never issued and any cursor is refused.
import { createHash } from "node:crypto";
import type { Resource } from "@modelcontextprotocol/server";
import type { Skill, SkillReadResult, SkillSource } from "@modelcontextprotocol/server/ext/skills";
import type { Sdk } from "./sdk.js";
import { syncSkillFiles } from "./skill_files.js";

const SCHEME = "skill://";
/** skills/ holds Markdown only (a test checks); any other file is served as bytes. */
const MIME_BY_EXTENSION: Readonly<Record<string, string>> = { md: "text/markdown" };

interface ServedFile {
  readonly uri: string;
  readonly digest: string;
  readonly size: number;
}

interface Served {
  readonly skills: readonly Skill[];
  readonly byUri: ReadonlyMap<string, Skill>;
  readonly files: ReadonlyMap<string, ServedFile>;
  /** Directory URI (no trailing slash) to its children, sorted by URI. */
  readonly dirs: ReadonlyMap<string, Resource[]>;
}

const lastSegment = (uri: string) => uri.slice(uri.lastIndexOf("/") + 1);
const parentOf = (uri: string) => uri.slice(0, uri.lastIndexOf("/"));
/** A directory URI without its trailing slashes, as the directory map keys it. */
const dirKey = (uri: string) => uri.replace(/\/+$/, "");
const filesOf = (skill: Skill) => (skill.resources === "dynamic" ? [] : skill.resources);
const mimeOf = (uri: string) =>
  MIME_BY_EXTENSION[lastSegment(uri).split(".").pop() ?? ""] ?? "application/octet-stream";

/** Each skill's folder and sub-folders, with their files and sub-folders, from the entries' file lists. */
function directories(skills: readonly Skill[], directoryMime: string): Map<string, Resource[]> {
  const dirs = new Map<string, Map<string, Resource>>();
  const child = (dir: string, r: Resource) => {
    if (!dirs.has(dir)) dirs.set(dir, new Map());
    dirs.get(dir)!.set(r.uri, r);
  };
  for (const skill of skills) {
    const root = parentOf(skill.uri);
    if (!dirs.has(root)) dirs.set(root, new Map());
    for (const f of filesOf(skill)) {
      child(parentOf(f.uri), { uri: f.uri, name: lastSegment(f.uri), mimeType: mimeOf(f.uri), size: f.size });
      for (let dir = parentOf(f.uri); dir !== root && dir.startsWith(root); dir = parentOf(dir))
        child(parentOf(dir), { uri: dir, name: lastSegment(dir), mimeType: directoryMime });
    }
  }
  const sorted = (m: Map<string, Resource>) => [...m.values()].sort((a, b) => (a.uri < b.uri ? -1 : 1));
  return new Map([...dirs].map(([dir, children]) => [dir, sorted(children)]));
}

function served(skills: readonly Skill[], directoryMime: string): Served {
  const files = new Map<string, ServedFile>();
  for (const skill of skills) for (const f of filesOf(skill)) files.set(f.uri, f);
  return { skills, byUri: new Map(skills.map((s) => [s.uri, s])), files, dirs: directories(skills, directoryMime) };
}

/** The source over `root` (the skills/ folder); `sdk` builds the entries on the first request. */
export function lazySkillSource(sdk: Sdk, root: string): SkillSource {
  const adapter = syncSkillFiles(root);
  let built: Promise<Served> | null = null;
  const catalog = () => {
    built ??= sdk.SkillsExtension.load(adapter, {
      pageSize: Number.POSITIVE_INFINITY,
      onWarning: () => undefined,
    }).then(
      (c) => served(c.entries, sdk.DIRECTORY_MIME_TYPE),
      (e: unknown) => {
        built = null; // a failed build (an unreadable folder) is tried again at the next request
        throw e;
      },
    );
    return built;
  };
  const noCursor = (cursor: string | undefined) => {
    if (cursor !== undefined) throw new sdk.ProtocolError(sdk.ProtocolErrorCode.InvalidParams, "invalid cursor");
  };
  return {
    async list({ cursor }) {
      noCursor(cursor);
      return { skills: [...(await catalog()).skills] };
    },
    async get(uri) {
      return (await catalog()).byUri.get(uri);
    },
    async read(uri): Promise<SkillReadResult | undefined> {
      const { files, dirs } = await catalog();
      const file = files.get(uri);
      if (!file) {
        if (dirs.has(dirKey(uri)))
          throw new sdk.ResourceNotFoundError(uri, `${uri} is a directory; use resources/directory/read`);
        return undefined;
      }
      const bytes = await adapter.read(uri.slice(SCHEME.length).split("/").map(decodeURIComponent).join("/"));
      const digest = `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
      if (bytes.byteLength !== file.size || digest !== file.digest)
        throw new sdk.ProtocolError(
          sdk.ProtocolErrorCode.InternalError,
          `${uri} changed since the skills catalog was loaded`,
        );
      const mimeType = mimeOf(uri);
      try {
        return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), mimeType };
      } catch {
        return { bytes, mimeType };
      }
    },
    async readDirectory(uri, { cursor }) {
      noCursor(cursor);
      const children = (await catalog()).dirs.get(dirKey(uri));
      return children && { resources: [...children] };
    },
  };
}
