// The environment of a server a test spawns through an MCP client (clients pass only a safe subset of
// the environment): that subset plus this test file's own temporary research ledger.
import { getDefaultEnvironment } from "@modelcontextprotocol/client/stdio";

export function ledgerEnv(): Record<string, string> {
  return { ...getDefaultEnvironment(), FIN_SKILLS_LEDGER: process.env.FIN_SKILLS_LEDGER ?? "off" };
}
