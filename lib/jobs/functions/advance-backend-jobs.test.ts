import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createManualClock } from "@/lib/backends/clock";
import { testContext } from "@/lib/backends/testing/backend-test-kit";
import { captureServiceImage } from "@/lib/services/images/capture-service-image";
import { serviceContext } from "@/lib/services/service-context";
import { makeActiveService, makeCustomer, makeVpsSite } from "@/lib/services/testing/service-factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { inngest } from "../client";
import { EmbeddedRunner } from "../embedded/embedded-runner";
import { recordingLogger } from "../embedded/test-support";
import { createAdvanceBackendJobsFunction } from "./advance-backend-jobs";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

describe("advance-backend-jobs", () => {
  it("finishes a capture nobody polls and makes its image available", async () => {
    const site = await makeVpsSite(t.db);
    const customer = await makeCustomer(t.db);
    const made = await makeActiveService(t.db, { accountId: customer.account.id, productId: site.product.id, locationId: site.location.id, hostname: "tick.example.com" });
    const clock = createManualClock("2026-03-02T10:00:00.000Z");
    const ctx = testContext(t.db, { clock });
    const { image } = await captureServiceImage(serviceContext({ ...ctx, actor: { accountId: customer.account.id } }), { serviceId: made.service.id, name: "nightly-base" });

    const runner = new EmbeddedRunner({ db: t.db, functions: [createAdvanceBackendJobsFunction(() => ctx)], client: inngest, clock: () => clock.now(), logger: recordingLogger(), backoff: () => 1000 });
    clock.advance(60_000);
    await runner.tick();
    await runner.runDue();
    const row = await t.db.customImage.findUniqueOrThrow({ where: { id: image.id } });
    expect(row.status).toBe("available");
    expect(row.imageRef).toMatch(/^sim-image:/);
    expect(Number(row.virtualSizeBytes)).toBe(80 * 1024 ** 3);
  });
});
