// Runs before anything else in the package: an unsupported Node gets one plain sentence and exit 1.
// Plain CommonJS any Node parses, so it can say so instead of failing to load (the package itself is ESM).
const REQUIRED = "fin-skills is ESM-only and requires Node.js >= 20.19";

/** True when `version` ("20.19.0") is at least 20.19. */
function supported(version) {
  const [major, minor] = String(version).split(".").map(Number);
  return major > 20 || (major === 20 && minor >= 19);
}

/** Exits with the requirement sentence when this Node is too old. */
function requireSupportedNode() {
  if (!supported(process.versions.node)) {
    process.stderr.write(`${REQUIRED} (this is Node.js ${process.versions.node}).\n`);
    process.exit(1);
  }
}

exports.REQUIRED = REQUIRED;
exports.supported = supported;
exports.requireSupportedNode = requireSupportedNode;
