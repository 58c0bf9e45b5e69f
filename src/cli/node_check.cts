// Imported first by every command: on a Node.js older than package.json's engines (20.19), one
// sentence and exit 1, before any other module runs.
const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  process.stderr.write(`fin-skills needs Node.js 20.19 or newer; this is Node.js ${process.versions.node}.\n`);
  process.exit(1);
}
export {};
