import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export const DEMO_CREDENTIALS_FILE = "demo-credentials.json";

export interface DemoCredentials {
  baseUrl: string;
  customer: { email: string; password: string; apiKey: string; readOnlyApiKey: string };
  reseller: { email: string; password: string; apiKey: string; readOnlyApiKey: string; signingSecret: string };
  admin: { email: string; password: string };
}

/**
 * Writes `<dataDir>/demo-credentials.json` readable by the owner only. The file is created under a
 * temporary name with mode 0600 and renamed into place, so it is never visible with wider
 * permissions, never half-written, and replaces a stale file from an earlier database.
 */
export function writeDemoCredentials(dataDir: string, credentials: DemoCredentials): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DEMO_CREDENTIALS_FILE);
  const temp = path.join(dataDir, `.${DEMO_CREDENTIALS_FILE}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    writeFileSync(temp, JSON.stringify(credentials, null, 2) + "\n", { mode: 0o600, flag: "wx" });
    chmodSync(temp, 0o600);
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  return file;
}
