import { describe, expect, it } from "vitest";
import { selectServiceTab, serviceTabHref, serviceTabs, type ServiceTabFacts } from "./service-tabs";

const ALL_ACCESS = { canManage: true, canCancel: true, canWithdrawCancellation: true, canConsole: true };

const activeVps: ServiceTabFacts = {
  kind: "vps",
  status: "active",
  access: ALL_ACCESS,
  offers: { power: true, console: true, snapshots: true, images: true },
  hasMachine: true,
  addresses: 2,
  cancellationScheduled: false,
  unpaidOrderCancellable: false,
};

const slugs = (facts: ServiceTabFacts) => serviceTabs(facts).map((t) => t.slug);

describe("serviceTabs", () => {
  it("an active VPS has every tab but files, Destroy last", () => {
    expect(slugs(activeVps)).toEqual(["overview", "console", "usage", "power", "backups", "networking", "settings", "billing", "activity", "destroy"]);
    expect(serviceTabs(activeVps).at(-1)).toMatchObject({ slug: "destroy", label: "Destroy", danger: true });
  });

  it("a VPS awaiting payment shows Overview and Billing, and Destroy while its order can be cancelled", () => {
    const waiting: ServiceTabFacts = { ...activeVps, status: "pending_payment", offers: null, hasMachine: false, addresses: 0 };
    expect(slugs(waiting)).toEqual(["overview", "billing"]);
    expect(slugs({ ...waiting, unpaidOrderCancellable: true })).toEqual(["overview", "billing", "destroy"]);
    // Cancelled: Destroy stays to say so.
    expect(slugs({ ...waiting, status: "cancelled" })).toEqual(["overview", "billing", "destroy"]);
  });

  it("a VPS being set up shows Overview, Billing and its activity", () => {
    const building: ServiceTabFacts = { ...activeVps, status: "installing", offers: { power: false, console: false, snapshots: false, images: false }, addresses: 1 };
    expect(slugs(building)).toEqual(["overview", "networking", "billing", "activity"]);
  });

  it("a terminated VPS keeps Overview and Billing only", () => {
    const gone: ServiceTabFacts = { ...activeVps, status: "terminated", offers: { power: false, console: false, snapshots: false, images: false }, hasMachine: false, addresses: 0 };
    expect(slugs(gone)).toEqual(["overview", "billing"]);
  });

  it("drops what the viewer may not use or the machine does not offer", () => {
    expect(slugs({ ...activeVps, access: { ...ALL_ACCESS, canConsole: false } })).not.toContain("console");
    expect(slugs({ ...activeVps, offers: { ...activeVps.offers!, console: false } })).not.toContain("console");
    expect(slugs({ ...activeVps, access: { ...ALL_ACCESS, canManage: false } })).not.toContain("settings");
    expect(slugs({ ...activeVps, access: { ...ALL_ACCESS, canCancel: false } })).not.toContain("destroy");
    expect(slugs({ ...activeVps, offers: { ...activeVps.offers!, snapshots: false, images: false } })).not.toContain("backups");
    expect(slugs({ ...activeVps, offers: { ...activeVps.offers!, snapshots: false } })).toContain("backups");
  });

  it("a scheduled cancellation keeps Destroy (to undo it), also when suspended", () => {
    expect(slugs({ ...activeVps, cancellationScheduled: true, access: { ...ALL_ACCESS, canCancel: false } })).toContain("destroy");
    expect(slugs({ ...activeVps, status: "suspended", cancellationScheduled: true })).toContain("destroy");
    expect(slugs({ ...activeVps, status: "suspended" })).not.toContain("destroy");
  });

  it("a dedicated server: no backups, settings while it is not gone", () => {
    const server: ServiceTabFacts = { ...activeVps, kind: "dedicated", offers: { power: true, console: true } };
    expect(slugs(server)).toEqual(["overview", "console", "usage", "power", "networking", "settings", "billing", "activity", "destroy"]);
    // SSH keys can be set before the server is built.
    expect(slugs({ ...server, status: "pending", offers: { power: false, console: false }, hasMachine: false, addresses: 0 })).toEqual(["overview", "settings", "billing", "activity"]);
  });

  it("a game server: console (with its live usage), files, power, settings", () => {
    const game: ServiceTabFacts = { ...activeVps, kind: "game", offers: { power: true, console: true, files: true, settings: true }, addresses: 0 };
    expect(slugs(game)).toEqual(["overview", "console", "files", "power", "settings", "billing", "destroy"]);
    expect(slugs({ ...game, status: "pending", offers: null, hasMachine: false })).toEqual(["overview", "billing"]);
  });

  it("a product without panel controls shows Overview and Billing", () => {
    expect(slugs({ ...activeVps, kind: "hosting", offers: null })).toEqual(["overview", "billing"]);
  });
});

describe("selectServiceTab", () => {
  const tabs = serviceTabs(activeVps);
  it("answers the requested tab when the service has it", () => {
    expect(selectServiceTab(tabs, "usage")).toBe("usage");
    expect(selectServiceTab(tabs, ["destroy", "power"])).toBe("destroy");
  });
  it("falls back to Overview for no tab, an unknown tab and one this service lacks", () => {
    expect(selectServiceTab(tabs, undefined)).toBe("overview");
    expect(selectServiceTab(tabs, "nonsense")).toBe("overview");
    expect(selectServiceTab(tabs, "files")).toBe("overview");
    expect(selectServiceTab(tabs, "")).toBe("overview");
  });
});

describe("serviceTabHref", () => {
  it("Overview is the page itself; other tabs add ?tab=", () => {
    expect(serviceTabHref("s1", "overview")).toBe("/services/s1");
    expect(serviceTabHref("s1", "settings", "root-password")).toBe("/services/s1?tab=settings#root-password");
  });
});
