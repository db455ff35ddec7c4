import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { accessRefusal, mayAccess, type AccountAccess } from "@/lib/accounts/account-access";
import { ACCOUNT_PERMISSIONS, type AccountPermission } from "@/lib/accounts/account-permissions";
import { dispatchCustomerApi } from "@/lib/api/customer/dispatch";
import { customerRoutes } from "@/lib/api/customer/routes";
import { customerRequest, customerWithKey, mintCustomerKey, readJson } from "@/lib/api/testing/api-test-kit";
import { CUSTOMER_API_KEY_SCOPES } from "@/lib/api-keys/customer-api-key-scopes";
import { resolveAreas, type CustomerMembership } from "@/lib/auth/resolve-areas";
import { makeInvoice, makeProforma } from "@/lib/billing/testing/billing-factories";
import { panelServiceAccess } from "@/lib/services/panel-service-access";
import { makeActiveService, makeVpsSite } from "@/lib/services/testing/service-factories";
import { acceptInvitation } from "@/lib/accounts/team/accept-invitation";
import { inviteTeamMember } from "@/lib/accounts/team/invite-team-member";
import type { TeamActor } from "@/lib/accounts/team/team-actor";
import { updateMemberPermissions } from "@/lib/accounts/team/update-member-permissions";
import { openSecret } from "@/lib/crypto/secret-box";
import { EMAIL_BODY_PURPOSE } from "@/lib/mail/queue-email";
import { makeUser } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";

// Member permissions as ONE table across the panel and the customer API (docs/decisions.md#r12): for
// each permission set and each resource family, the API's reads answer 200 (or at least not 403
// FORBIDDEN, where the fixture has no such row) exactly when the panel's pages and actions show the
// family, and 403 in the spec's envelope with the table's sentence exactly when they refuse it.
// The API side is generated from the route table, so a new read endpoint is covered. Every member is
// made the way the team page makes one (invited, the link accepted, permissions changed by the owner:
// lib/accounts/team/), so what the owner sets there is what both sides decide on.

const session = vi.hoisted(() => ({ userId: "" }));
// The real session module, signed in as the test's user: only next-auth's session read is replaced.
vi.mock("@/auth", () => ({ auth: async () => ({ user: { id: session.userId, name: "", email: "" } }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("next/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/navigation")>()),
  redirect: (to: string) => {
    throw new Error(`redirect ${to}`);
  },
  notFound: () => {
    throw new Error("notFound");
  },
}));

const ROLES: { name: string; permissions: readonly AccountPermission[] | "owner" }[] = [
  { name: "owner", permissions: "owner" },
  { name: "only invoices.view", permissions: ["invoices.view"] },
  { name: "only services.view", permissions: ["services.view"] },
  { name: "services.power", permissions: ["services.power"] },
  { name: "services.manage", permissions: ["services.manage"] },
  { name: "services.cancel", permissions: ["services.cancel"] },
  { name: "billing.view", permissions: ["billing.view"] },
  { name: "invoices.view + invoices.pay", permissions: ["invoices.view", "invoices.pay"] },
  { name: "services.view + invoices.view", permissions: ["services.view", "invoices.view"] },
  { name: "no permission", permissions: [] },
];

let t: TestDb;
let me: Awaited<ReturnType<typeof customerWithKey>>;
const ids: Record<string, string> = {};
const actors = new Map<string, { userId: string; key: string }>();

beforeAll(async () => {
  t = await createTestDb();
  me = await customerWithKey(t.db, { credit: "50.00" });
  const site = await makeVpsSite(t.db);
  const vps = await makeActiveService(t.db, { accountId: me.account.id, productId: site.product.id, locationId: site.location.id, hostname: "mp.example.com" });
  ids.service = vps.service.id;
  ids.order = vps.order.id;
  ids.product = site.product.id;
  ids.invoice = (await makeInvoice(t.db, { accountId: me.account.id })).id;
  ids.proforma = (await makeProforma(t.db, { accountId: me.account.id })).id;
  actors.set("owner", { userId: me.owner.id, key: me.plaintext });
  for (const role of ROLES) {
    if (role.permissions === "owner") continue;
    // A member as the team page makes one: invited by the owner, the link accepted by the invited user.
    const user = await makeUser(t.db);
    const owner: TeamActor = { userId: me.owner.id, membership: { accountId: me.account.id, role: "owner" } };
    const invited = await inviteTeamMember({ db: t.db, now: new Date(), origin: "https://portal.example" }, owner, { email: user.email, permissions: [...ACCOUNT_PERMISSIONS] });
    await acceptInvitation({ db: t.db, now: new Date() }, { token: await invitationToken(invited.invitationId), userId: user.id });
    const member = await t.db.teamMember.findFirstOrThrow({ where: { accountId: me.account.id, userId: user.id } });
    // Minted while holding everything (so the key carries every scope), then narrowed: the API re-checks live permissions.
    const { plaintext } = await mintCustomerKey(t.db, { accountId: me.account.id, userId: user.id, scopes: [...CUSTOMER_API_KEY_SCOPES] });
    if (role.permissions.length > 0) await updateMemberPermissions({ db: t.db, now: new Date() }, owner, { memberId: member.id, permissions: role.permissions });
    // The team page keeps at least one permission; a stored empty list (the seed's, an old row) must still grant nothing.
    else await t.db.teamMember.update({ where: { id: member.id }, data: { permissions: [] } });
    actors.set(role.name, { userId: user.id, key: plaintext });
  }
});
afterAll(async () => {
  await t?.close();
});

/** The token in the invitation email, as the invitee opens it. */
async function invitationToken(invitationId: string): Promise<string> {
  const message = await t.db.emailMessage.findUniqueOrThrow({ where: { dedupeKey: `token:${invitationId}` } });
  const { text } = JSON.parse(openSecret(message.sealedBody!, EMAIL_BODY_PURPOSE)) as { text: string };
  return text.match(/\/invitation\?token=([\w-]+)/)![1]!;
}

const api = async (key: string, method: string, path: string, body?: unknown) =>
  readJson(await dispatchCustomerApi(customerRequest(method, path, { key, body }), { db: t.db }));

/** The membership the panel sees for the role (resolveAreas, what every panel page and action reads). */
async function signIn(role: string): Promise<CustomerMembership> {
  const actor = actors.get(role)!;
  session.userId = actor.userId;
  const customer = (await resolveAreas({ userId: actor.userId }, { db: t.db })).customer;
  expect(customer?.accountId).toBe(me.account.id);
  return customer!;
}

// Path parameters from the fixture; an endpoint whose row the fixture lacks gets a random id (404 when allowed).
function fill(path: string): { path: string; exists: boolean } {
  let exists = true;
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const prefix = path.split("/")[1];
    const id =
      name !== "id"
        ? undefined
        : prefix === "services" || prefix === "vps"
          ? ids.service
          : prefix === "orders"
            ? ids.order
            : prefix === "invoices"
              ? ids.invoice
              : prefix === "proformas"
                ? ids.proforma
                : prefix === "products"
                  ? ids.product
                  : undefined;
    if (!id) exists = false;
    return id ?? randomUUID();
  });
  return { path: filled, exists };
}

const READS = customerRoutes.filter((e) => e.method === "GET" && e.scope !== null && e.access !== "none");
// Reads that need more than the fixture (a hypervisor answer, a provider feature) and so may answer another
// refusal even when allowed; they must still never be FORBIDDEN for an allowed member.
// The service under test is a VPS: its game read answers game.server_not_found, which is not a permission refusal.
const MAY_REFUSE_OTHERWISE = new Set(["/services/{id}/stats", "/vps/{id}/stats", "/vps/{id}/snapshots", "/services/{id}/backups", "/services/{id}/game"]);

type Element = { type?: unknown; props?: { children?: unknown } };
/** Whether a page's element tree (as the page function returns it, components not rendered) holds a matching element. */
function contains(node: unknown, match: (el: Element) => boolean): boolean {
  if (Array.isArray(node)) return node.some((n) => contains(n, match));
  if (!node || typeof node !== "object") return false;
  const el = node as Element;
  return match(el) || contains(el.props?.children, match);
}

/** What the panel decides for a resource family's view, asked the way its pages and actions ask. */
const PANEL_VIEW: Record<string, (c: CustomerMembership) => Promise<boolean>> = {
  // The services page, a service's page and every service card (panelServiceAccess), and the actions they poll.
  services: async (c) => {
    const page = panelServiceAccess(c).canView;
    const { getVpsAction, listImagesAction, listSnapshotsAction } = await import("@/app/(panel)/services/actions");
    const { getServiceActivityAction } = await import("@/app/(panel)/services/activity-actions");
    const shown = [(await getVpsAction(ids.service))?.id === ids.service, (await listImagesAction()) !== null, (await listSnapshotsAction(ids.service)) !== null, (await getServiceActivityAction(ids.service)) !== null];
    expect(new Set(shown)).toEqual(new Set([page]));
    return page;
  },
  // The panel has no orders page: an order is what built the services it shows, so whoever sees the services sees orders.
  orders: async (c) => panelServiceAccess(c).canView,
  // The invoices and proformas pages (rendered: refused, they render NoBillingAccess) and the dashboard's card.
  invoices: async (c) => {
    const { NoBillingAccess } = await import("@/app/(panel)/billing/no-billing-access");
    const searchParams = Promise.resolve({});
    const invoices = await (await import("@/app/(panel)/billing/invoices/page")).default({ searchParams });
    const proformas = await (await import("@/app/(panel)/billing/proformas/page")).default({ searchParams });
    const page = !contains(invoices, (el) => el.type === NoBillingAccess);
    expect(!contains(proformas, (el) => el.type === NoBillingAccess)).toBe(page);
    const { getCustomerDashboard } = await import("@/lib/accounts/get-customer-dashboard");
    const dashboard = await getCustomerDashboard({ db: t.db, now: new Date(), actor: { membership: c, userId: session.userId } });
    expect(dashboard.invoices !== null).toBe(page);
    return page;
  },
  // The projects page, rendered: it shows its manager, or says the member can't see projects.
  projects: async () => {
    const { ProjectsManager } = await import("@/app/(panel)/projects/projects-manager");
    return contains(await (await import("@/app/(panel)/projects/page")).default(), (el) => el.type === ProjectsManager);
  },
  // The SSH keys page, rendered.
  sshKeys: async () => {
    const { SshKeysManager } = await import("@/app/account/ssh-keys/ssh-keys-manager");
    return contains(await (await import("@/app/account/ssh-keys/page")).default(), (el) => el.type === SshKeysManager);
  },
  credit: async (c) => {
    const { getCustomerDashboard } = await import("@/lib/accounts/get-customer-dashboard");
    const dashboard = await getCustomerDashboard({ db: t.db, now: new Date(), actor: { membership: c, userId: session.userId } });
    expect(dashboard.credit !== null).toBe(mayAccess(c, "credit:view"));
    return dashboard.credit !== null; // the credit page shows every member their own credit
  },
  // Every member sees the account's name and the Order page's catalogue.
  account: async () => true,
  catalogue: async () => true,
  // The dashboard's services and invoices cards together.
  usage: async (c) => {
    const { getCustomerDashboard } = await import("@/lib/accounts/get-customer-dashboard");
    const d = await getCustomerDashboard({ db: t.db, now: new Date(), actor: { membership: c, userId: session.userId } });
    return d.services !== null && d.invoices !== null;
  },
};

describe("member permissions: one table across the panel and the customer API", () => {
  it("every read endpoint names a family the panel decides", () => {
    for (const e of READS) expect(Object.keys(PANEL_VIEW), `${e.path}`).toContain(String(e.access).split(":")[0]);
  });

  describe.each(ROLES)("$name", ({ name }) => {
    it.each(Object.keys(PANEL_VIEW))("%s: the API reads answer exactly as the panel shows", async (family) => {
      const membership = await signIn(name);
      const shown = await PANEL_VIEW[family]!(membership);
      const reads = READS.filter((e) => String(e.access).startsWith(`${family}:`));
      expect(reads.length).toBeGreaterThan(0);
      const key = actors.get(name)!.key;
      for (const e of reads) {
        const { path, exists } = fill(e.path);
        const answer = await api(key, "GET", path);
        const where = `${name}: GET ${e.path}`;
        if (!shown) {
          expect(answer, where).toEqual({ status: 403, body: { success: false, code: "FORBIDDEN", error: accessRefusal(e.access as AccountAccess) } });
        } else if (exists && !MAY_REFUSE_OTHERWISE.has(e.path)) {
          expect(answer.status, `${where}: ${JSON.stringify(answer.body)}`).toBe(200);
        } else {
          expect(answer.body.code, where).not.toBe("FORBIDDEN");
        }
      }
    });
  });

  it("the issue's case: only invoices.view reads invoices, not services, VPS or orders", async () => {
    const key = actors.get("only invoices.view")!.key;
    expect((await api(key, "GET", "/invoices")).status).toBe(200);
    for (const path of ["/services", `/vps/${ids.service}`, "/orders", `/orders/${ids.order}`]) {
      expect(await api(key, "GET", path)).toEqual({
        status: 403,
        body: { success: false, code: "FORBIDDEN", error: "Your account permissions do not allow this (needs one of: services.view, services.manage, services.power)" },
      });
    }
  });

  it("services.power sees services in both, as services.view does", async () => {
    const key = actors.get("services.power")!.key;
    expect((await api(key, "GET", `/vps/${ids.service}`)).status).toBe(200);
    const membership = await signIn("services.power");
    expect(panelServiceAccess(membership).canView).toBe(true);
  });
});

describe("changes: the panel's actions refuse exactly what the API refuses", () => {
  const CHANGES: { access: AccountAccess; api: () => [string, string, unknown?]; panel: () => Promise<{ ok: boolean; error?: string }> }[] = [
    {
      access: "projects:manage",
      api: () => ["POST", "/projects", { name: `api-${randomUUID().slice(0, 8)}` }],
      panel: async () => (await import("@/app/(panel)/projects/actions")).createProjectAction({ name: `panel-${randomUUID().slice(0, 8)}` }),
    },
    {
      // Nothing is scheduled, so an allowed caller gets the domain's refusal in both.
      access: "services:withdrawCancellation",
      api: () => ["DELETE", `/services/${ids.service}/cancel`],
      panel: async () => (await import("@/app/(panel)/services/actions")).withdrawCancellationAction(ids.service),
    },
    {
      access: "sshKeys:manage",
      api: () => ["DELETE", `/ssh-keys/${randomUUID()}`],
      panel: async () => (await import("@/app/account/ssh-keys/actions")).deleteSshKeyAction(randomUUID()),
    },
  ];

  describe.each(ROLES)("$name", ({ name }) => {
    it.each(CHANGES)("$access", async ({ access, api: request, panel }) => {
      const membership = await signIn(name);
      const allowed = mayAccess(membership, access);
      const [method, path, body] = request();
      const viaApi = await api(actors.get(name)!.key, method, path, body);
      const viaPanel = await panel();
      if (allowed) {
        expect(viaApi.body.code).not.toBe("FORBIDDEN");
        expect(viaPanel.error ?? "").not.toMatch(/permission/);
      } else {
        expect(viaApi).toEqual({ status: 403, body: { success: false, code: "FORBIDDEN", error: accessRefusal(access) } });
        expect(viaPanel).toMatchObject({ ok: false, error: expect.stringMatching(/permission/) });
      }
    });
  });
});
