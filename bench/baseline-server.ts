// The benchmark's baseline: a plain node:http server doing the same work as the API for the two
// measured requests (parse the bearer key, look it up, compare its hash in constant time, check
// the owner, run the same query, answer JSON) with no framework, routing or envelope machinery.
import http from "node:http";
import { databaseTarget, readEnv } from "@/lib/env";
import { openDatabase } from "@/lib/db/adapter-factory";
import { installDb } from "@/lib/db/client";
import { constantTimeEqual, sha256Hex } from "@/lib/crypto/constant-time-equal";
import { parseCustomerApiKey, parseResellerApiKey } from "@/lib/api-keys/parse-api-key";
import { serviceRows } from "@/lib/api/reseller/endpoints/services/service-row";
import { listServices } from "@/lib/services/list-services";
import { serviceContext } from "@/lib/services/service-context";

const env = readEnv();
const opened = await openDatabase(databaseTarget(env));
const db = installDb(opened);

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/healthz") return send(res, 200, { status: "ok", db: "ok" });
    const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    if (url.pathname === "/v1/reseller/services") {
      const parsed = parseResellerApiKey(token);
      if (!parsed) return send(res, 401, { success: false, error: "Invalid API key format" });
      const key = await db.resellerApiKey.findUnique({
        where: { lookupId: parsed.lookupId },
        select: { secretHash: true, revokedAt: true, customerId: true, reseller: { select: { id: true, status: true, accountId: true } } },
      });
      if (!key || !constantTimeEqual(sha256Hex(parsed.secret), key.secretHash) || key.revokedAt || key.reseller.status !== "active") {
        return send(res, 401, { success: false, error: "Invalid API key" });
      }
      const limit = Number(url.searchParams.get("limit") ?? 20);
      const ctx = serviceContext({ db, actor: { accountId: key.reseller.accountId, resellerCustomerId: key.customerId } });
      const { services, total } = await listServices(ctx, { page: 1, limit });
      const data = await serviceRows(db, services);
      return send(res, 200, { success: true, data, pagination: { page: 1, limit, total, totalPages: Math.ceil(total / limit) } });
    }
    if (url.pathname === "/v1/" || url.pathname === "/v1") {
      const parsed = parseCustomerApiKey(token);
      if (!parsed) return send(res, 401, { success: false, error: "Unauthorized", code: "UNAUTHORIZED" });
      const key = await db.customerApiKey.findUnique({
        where: { lookupId: parsed.lookupId },
        include: { user: { select: { id: true, email: true, name: true } }, account: { select: { id: true, name: true, status: true } } },
      });
      if (!key || !constantTimeEqual(sha256Hex(parsed.secret), key.secretHash) || key.revokedAt) {
        return send(res, 401, { success: false, error: "Unauthorized", code: "UNAUTHORIZED" });
      }
      return send(res, 200, { success: true, data: { version: "1", user: key.user, account: key.account, key: { id: key.id, label: key.label, scopes: key.scopes } } });
    }
    send(res, 404, { success: false, error: "Not found" });
  } catch (err) {
    console.error(err);
    send(res, 500, { success: false, error: "Internal error" });
  }
});

server.listen(env.PORT, env.HOST, () => console.log(`baseline listening on ${env.PORT}`));
const stop = () => server.close(() => void opened.close().then(() => process.exit(0)));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
