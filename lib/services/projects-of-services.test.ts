import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { countingClient } from "@/lib/testing/count-queries";
import { makeCustomer, makeUser } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { projectsOfServices } from "./projects-of-services";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => t?.close());

it("assigned services report their project, unassigned ones their account's default; one query for a page of several accounts", async () => {
  const a = await makeCustomer(t.db);
  const b = await makeCustomer(t.db);
  const staging = await t.db.project.create({ data: { accountId: a.account.id, name: "Staging", slug: "staging" } });
  const services = [
    { id: randomUUID(), accountId: a.account.id, projectId: null },
    { id: randomUUID(), accountId: a.account.id, projectId: staging.id },
    { id: randomUUID(), accountId: b.account.id, projectId: null },
    { id: randomUUID(), accountId: a.account.id, projectId: null },
  ];
  const counting = countingClient(t.db);
  const projects = await projectsOfServices(counting.db, services);
  expect(counting.count()).toBe(1);
  expect(services.map((s) => projects.get(s.id))).toEqual([
    { id: a.project.id, slug: "default", name: a.project.name },
    { id: staging.id, slug: "staging", name: "Staging" },
    { id: b.project.id, slug: "default", name: b.project.name },
    { id: a.project.id, slug: "default", name: a.project.name },
  ]);
  expect((await projectsOfServices(counting.db, [])).size).toBe(0);
});

it("an account that somehow lacks its default project gets one, as everywhere else", async () => {
  const owner = await makeUser(t.db);
  const account = await t.db.clientAccount.create({ data: { name: `Bare ${randomUUID()}`, ownerId: owner.id, currency: "EUR", country: "NL" } });
  const id = randomUUID();
  const project = (await projectsOfServices(t.db, [{ id, accountId: account.id, projectId: null }])).get(id);
  expect(project).toMatchObject({ slug: "default", name: "default" });
  expect(await t.db.project.findFirstOrThrow({ where: { accountId: account.id, isDefault: true } })).toMatchObject({ id: project!.id });
});
