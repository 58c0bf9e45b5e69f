// The skills source built on first use serves exactly what the SDK's own catalog serves (listing, entries,
// every file, every directory), builds nothing before the first request, refuses a file changed since
// then and any cursor, and names resources/directory/read for a directory URI.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { SkillsClient } from "@modelcontextprotocol/client/ext/skills";
import { InMemoryTransport, McpServer } from "@modelcontextprotocol/server";
import { SkillsExtension } from "@modelcontextprotocol/server/ext/skills";
import { afterAll, describe, expect, it } from "vitest";
import { loadSdk } from "../../src/server/sdk.js";
import { syncSkillFiles } from "../../src/server/skill_files.js";
import { lazySkillSource } from "../../src/server/skill_source.js";
import { ROOT } from "./fixtures.js";

const SKILLS = path.join(ROOT, "skills");
const work = mkdtempSync(path.join(tmpdir(), "fs-skill-source-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A copy of skills/ to change without touching the repository's. */
function copyOfSkills(): string {
  const dir = mkdtempSync(path.join(work, "skills-"));
  cpSync(SKILLS, dir, { recursive: true });
  return dir;
}

/** A SkillsClient connected in memory to a server serving `extension`. */
async function clientOf(extension: SkillsExtension): Promise<SkillsClient> {
  const mcp = new McpServer({ name: "t", version: "0" }, { capabilities: { resources: {} } });
  extension.attach(mcp);
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await mcp.connect(serverSide);
  const client = new Client({ name: "t", version: "0" });
  await client.connect(clientSide);
  return new SkillsClient(client);
}

const sdkCatalog = async (dir: string) =>
  SkillsExtension.load(syncSkillFiles(dir), { pageSize: Number.POSITIVE_INFINITY, onWarning: () => undefined });
const lazy = async (dir: string) =>
  new SkillsExtension({ source: lazySkillSource(await loadSdk(), dir), onWarning: () => undefined });

/** Everything a client can see: the listing, each entry, each file's text and each directory. */
async function everything(skills: SkillsClient) {
  const listing = await skills.list();
  const out: Record<string, unknown> = { listing: listing.skills };
  for (const entry of listing.skills) {
    const { skill } = await skills.get(entry.uri);
    out[`get ${entry.uri}`] = skill;
    const files = skill.resources as { uri: string }[];
    for (const f of files) {
      out[`read ${f.uri}`] = await skills.read(skill, f.uri);
    }
    const dirs = new Set(files.map((f) => f.uri.slice(0, f.uri.lastIndexOf("/"))));
    for (const d of dirs) out[`dir ${d}`] = (await skills.readDirectory(d)).resources;
  }
  return out;
}

describe("the skills source built on first use", () => {
  it("serves exactly what the SDK's own catalog serves", async () => {
    const [theirs, ours] = await Promise.all([
      clientOf(await sdkCatalog(SKILLS)).then(everything),
      clientOf(await lazy(SKILLS)).then(everything),
    ]);
    expect(Object.keys(ours).length).toBeGreaterThan(3 * readdirSync(SKILLS).length);
    expect(ours).toEqual(theirs);
  });

  it("reads nothing before the first request: a skill added after start is listed", async () => {
    const dir = copyOfSkills();
    const skills = await clientOf(await lazy(dir));
    mkdirSync(path.join(dir, "late-skill"));
    writeFileSync(path.join(dir, "late-skill", "SKILL.md"), "---\nname: late-skill\ndescription: Added late.\n---\n");
    const names = (await skills.list()).skills.map((s) => s.frontmatter.name);
    expect(names).toContain("late-skill");
  });

  it("tries a failed build again at the next request", async () => {
    const dir = path.join(mkdtempSync(path.join(work, "later-")), "skills");
    const source = lazySkillSource(await loadSdk(), dir);
    await expect(source.list({}, {} as never)).rejects.toThrow("cannot be listed");
    cpSync(SKILLS, dir, { recursive: true });
    expect((await source.list({}, {} as never)).skills.length).toBe(readdirSync(SKILLS).length);
  });

  it("refuses a file changed since the catalog was built", async () => {
    const dir = copyOfSkills();
    const skills = await clientOf(await lazy(dir));
    const [entry] = (await skills.list()).skills;
    const name = entry!.frontmatter.name;
    writeFileSync(path.join(dir, name, "SKILL.md"), "---\nname: x\ndescription: changed\n---\n");
    await expect(skills.read(entry!)).rejects.toThrow(`${entry!.uri} changed since the skills catalog was loaded`);
  });

  it("refuses any cursor (pages are unbounded), and names resources/directory/read for a directory", async () => {
    const source = lazySkillSource(await loadSdk(), SKILLS);
    const ctx = {} as never;
    await expect(source.list({ cursor: "after:x" }, ctx)).rejects.toThrow("invalid cursor");
    const [entry] = (await source.list({}, ctx)).skills;
    const dir = entry!.uri.slice(0, entry!.uri.lastIndexOf("/"));
    await expect(source.read(dir, ctx)).rejects.toThrow(`${dir} is a directory; use resources/directory/read`);
    await expect(source.readDirectory!(dir, { cursor: "after:x" }, ctx)).rejects.toThrow("invalid cursor");
    expect(await source.read(`${dir}/no-such-file.md`, ctx)).toBeUndefined();
  });

  it("skills/ holds Markdown only, the one type the source names (others are served as bytes)", () => {
    const files = readdirSync(SKILLS, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((f) => !f.name.endsWith(".md")).map((f) => f.name)).toEqual([]);
  });
});
