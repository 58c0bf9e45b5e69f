// npm start / npm run build: say which Node is needed before tsc or the CLI can fail on an older one.
import { requireSupportedNode } from "../bin/check-node.cjs";

requireSupportedNode();
