import type { Duplex } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import type { TextScreen } from "@/lib/console/text-screen";
import { allocate } from "../capacity/allocate";
import { reserveDedicatedServer } from "../capacity/reserve-dedicated-server";
import { bmcForServer, hypervisorForNode } from "../registry";
import { simulateHostEvent } from "../simulated-hypervisor/simulator-controls";
import { expectBackendError, makeDedicatedNode, makeOsImage, makeSite, makeVpsNode, settle, testContext } from "../testing/backend-test-kit";
import { RfbTestClient } from "@/lib/console/rfb/testing/rfb-test-client";
import { guestConsoleOf } from "./guest-console-registry";
import type { ServeRfb, ServeRfbOptions } from "./open-simulated-console";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
const open: Duplex[] = [];
afterEach(() => {
  for (const stream of open.splice(0)) stream.destroy();
});
afterAll(async () => {
  await t?.close();
});

/** Stands in for lib/console/rfb/serve-rfb.ts: keeps what the console hands an RFB server. */
function rfbRecorder() {
  const served: ServeRfbOptions[] = [];
  const serveRfb: ServeRfb = (stream, options) => {
    served.push(options);
    stream.resume();
  };
  return { served, serveRfb };
}

function contextFor(serveRfb?: ServeRfb) {
  return { ...testContext(t.db), guestConsole: { pollMs: 20, serveRfb } };
}

/** Everything a serial viewer has received, and whether its stream ended. */
function serialViewer(stream: Duplex) {
  open.push(stream);
  const viewer = { text: "", ended: false, send: (text: string) => void stream.write(text) };
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => (viewer.text += chunk));
  stream.on("end", () => (viewer.ended = true));
  return viewer;
}

async function waitFor(what: string, check: () => boolean, ms = 5_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Keysyms for a string as a VNC viewer sends them (press and release). */
function typeKeys(options: ServeRfbOptions, text: string) {
  for (const ch of text) {
    const keysym = ch === "\r" ? 0xff0d : ch.charCodeAt(0);
    options.onKey(keysym, true);
    options.onKey(keysym, false);
  }
}

async function vpsSetup(serveRfb?: ServeRfb) {
  const ctx = contextFor(serveRfb);
  const location = await makeSite(t.db, { v4: 20 });
  const node = await makeVpsNode(t.db, location.id);
  const image = await makeOsImage(t.db, { name: "Debian 12 (bookworm)" });
  const hv = await hypervisorForNode(node.id, ctx);
  const running = async (options: { hostname?: string; password?: string } = {}) => {
    const allocation = await allocate(ctx, location.id, { vcpus: 2, memoryMb: 4096, diskGb: 80 });
    const { vm, job } = await hv.create({
      allocationId: allocation.id,
      name: `vm-${allocation.id.slice(0, 8)}`,
      hostname: options.hostname ?? "web1.example.com",
      image: { kind: "os", osImageId: image.id },
      rootPassword: options.password ?? "first-password",
    });
    expect((await settle(ctx, job.id)).state).toBe("succeeded");
    return vm.id;
  };
  return { ctx, hv, running };
}

describe("a VPS's serial console", () => {
  it("shows the boot log of the installed image up to the login prompt, logs root in and answers commands", async () => {
    const { ctx, hv, running } = await vpsSetup();
    const vmId = await running();
    const viewer = serialViewer(await hv.openConsole(vmId, { channel: "serial", password: null }));
    await waitFor("the login prompt", () => viewer.text.includes("web1.example.com login: "));
    expect(viewer.text).toContain("SeaBIOS");
    expect(viewer.text).toContain("Booting from Hard Disk");
    expect(viewer.text).toContain("Linux version 6.1.0-28-amd64");
    expect(viewer.text).toContain("Welcome to \x1b[1mDebian 12 (bookworm)\x1b[0m!");
    expect(viewer.text).toContain("Set hostname to web1.example.com");
    expect(viewer.text).toMatch(/\[ {2}.*OK.* {2}\] Reached target multi-user\.target/);

    viewer.send("root\r");
    await waitFor("the password prompt", () => viewer.text.endsWith("Password: "));
    viewer.send("first-password\r");
    await waitFor("the shell prompt", () => viewer.text.endsWith("root@web1:~# "));
    // The password was not echoed.
    expect(viewer.text).not.toContain("first-password");

    const [address] = (await hv.network(vmId)).addresses;
    viewer.send("ip addr\r");
    await waitFor("ip addr", () => viewer.text.includes(`inet ${address!.address}/${address!.prefixLength} brd `));
    viewer.send("hostname\r");
    await waitFor("hostname", () => viewer.text.includes("hostname\r\nweb1.example.com\r\nroot@web1:~# "));
    ctx.clock.advance(5 * 60_000);
    viewer.send("uptime\r");
    await waitFor("uptime", () => / up 5 min, {2}1 user/.test(viewer.text));
    viewer.send("frobnicate\r");
    await waitFor("command not found", () => viewer.text.includes("-bash: frobnicate: command not found"));
    // Line editing: BackSpace erases, Ctrl-C abandons the line.
    viewer.send("whoamx\x7fi\r");
    await waitFor("whoami", () => viewer.text.includes("whoamx\b \bi\r\nroot\r\n"));
    viewer.send("uname\x03");
    await waitFor("^C", () => viewer.text.endsWith("uname^C\r\nroot@web1:~# "));
    viewer.send("logout\r");
    await waitFor("back at the login prompt", () => viewer.text.endsWith("web1.example.com login: "));
  });

  it("refuses a wrong password with Login incorrect, and a login other than root", async () => {
    const { hv, running } = await vpsSetup();
    const vmId = await running();
    const viewer = serialViewer(await hv.openConsole(vmId, { channel: "serial", password: null }));
    await waitFor("the login prompt", () => viewer.text.endsWith("login: "));
    viewer.send("root\rnot-the-password\r");
    await waitFor("Login incorrect", () => viewer.text.includes("Login incorrect\r\nweb1.example.com login: "));
    viewer.send("admin\rfirst-password\r");
    await waitFor("a second refusal", () => viewer.text.split("Login incorrect").length === 3);
    expect(viewer.text).not.toContain("root@web1");
  });

  it("a stopped machine has no display: openConsole refuses it, and an open console ends when it stops", async () => {
    const { ctx, hv, running } = await vpsSetup();
    const vmId = await running();
    const viewer = serialViewer(await hv.openConsole(vmId, { channel: "serial", password: null }));
    await waitFor("the login prompt", () => viewer.text.endsWith("login: "));
    await settle(ctx, (await hv.power(vmId, "stop")).id);
    await waitFor("the end of the stream", () => viewer.ended);
    expect(viewer.text).toContain("The machine is not running: no signal.");
    expect(guestConsoleOf(vmId)).toBeUndefined();
    const refused = await expectBackendError(hv.openConsole(vmId, { channel: "serial", password: null }), "conflict");
    expect(refused.message).toBe("The machine is not running");
    await expectBackendError(hv.openConsole(vmId, { channel: "rfb", password: null }), "conflict");
  });

  it("every viewer of a machine sees the same screen: what one types, the other sees", async () => {
    const { served, serveRfb } = rfbRecorder();
    const { hv, running } = await vpsSetup(serveRfb);
    const vmId = await running({ hostname: "shared" });
    const typist = serialViewer(await hv.openConsole(vmId, { channel: "serial", password: null }));
    const watcher = serialViewer(await hv.openConsole(vmId, { channel: "serial", password: null }));
    open.push(await hv.openConsole(vmId, { channel: "rfb", password: "vncpass1" }));
    expect(served[0]!.password).toBe("vncpass1");
    await waitFor("both prompts", () => typist.text.endsWith("shared login: ") && watcher.text.endsWith("shared login: "));
    typist.send("root\rfirst-password\rhostname\r");
    await waitFor("the answer on the other viewer", () => watcher.text.includes("hostname\r\nshared\r\nroot@shared:~# "));
    // The second viewer joined later and was sent the transcript: both now hold the same text.
    expect(watcher.text).toBe(typist.text);
    // The RFB viewer's screen is the same console.
    expect(served[0]!.screen).toBe(guestConsoleOf(vmId)!.screen);
    expect(served[0]!.screen.text()).toContain("root@shared:~#");
    expect(guestConsoleOf(vmId)!.viewerCount).toBe(3);
    for (const stream of open.splice(0)) stream.destroy();
    await waitFor("the console to be dropped", () => guestConsoleOf(vmId) === undefined);
  });

  it("a reboot draws the shutdown, then the new life's boot log", async () => {
    const { ctx, hv, running } = await vpsSetup();
    const vmId = await running();
    const viewer = serialViewer(await hv.openConsole(vmId, { channel: "serial", password: null }));
    await waitFor("the login prompt", () => viewer.text.endsWith("login: "));
    const job = await hv.power(vmId, "restart");
    ctx.clock.advance(600);
    await waitFor("the shutdown", () => viewer.text.includes("reboot: Restarting system"));
    // The restart's boot step: the firmware again, and no login prompt yet.
    ctx.clock.advance(5_000);
    await waitFor("the firmware", () => viewer.text.endsWith("Booting from Hard Disk...\r\n"));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(viewer.text.endsWith("Booting from Hard Disk...\r\n")).toBe(true);
    const before = viewer.text.length;
    await settle(ctx, job.id);
    await waitFor("the new boot", () => viewer.text.slice(before).includes("\x1b[2J") && viewer.text.endsWith("web1.example.com login: "));
    expect(viewer.ended).toBe(false);
  });

  it("a paused machine keeps its screen and reads no keys", async () => {
    const { hv, running } = await vpsSetup();
    const vmId = await running();
    await simulateHostEvent(t.db, vmId, "pause");
    const viewer = serialViewer(await hv.openConsole(vmId, { channel: "serial", password: null }));
    await waitFor("the login prompt", () => viewer.text.endsWith("login: "));
    viewer.send("root\r");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(viewer.text.endsWith("web1.example.com login: ")).toBe(true);
    await simulateHostEvent(t.db, vmId, "resume");
    await guestConsoleOf(vmId)!.refresh();
    viewer.send("root\r");
    await waitFor("the password prompt", () => viewer.text.endsWith("Password: "));
  });

  it("in rescue mode shows the rescue system, which takes the rescue password", async () => {
    const { ctx, hv, running } = await vpsSetup();
    const vmId = await running();
    await settle(ctx, (await hv.rescue(vmId, { password: "rescue-pass-1" })).id);
    const viewer = serialViewer(await hv.openConsole(vmId, { channel: "serial", password: null }));
    await waitFor("the rescue login", () => viewer.text.endsWith("rescue login: "));
    expect(viewer.text).toContain("Rackfront Rescue System");
    expect(viewer.text).toContain("/dev/vda  80 GB");
    expect(viewer.text).not.toContain("Debian 12 (bookworm)");
    viewer.send("root\rfirst-password\r");
    await waitFor("Login incorrect", () => viewer.text.includes("Login incorrect"));
    viewer.send("root\rrescue-pass-1\r");
    await waitFor("the rescue prompt", () => viewer.text.endsWith("root@rescue ~ # "));
  });
});

describe("a VPS's RFB console", () => {
  it("serves the shared text screen and types the viewer's keysyms into it", async () => {
    const { served, serveRfb } = rfbRecorder();
    const { hv, running } = await vpsSetup(serveRfb);
    const vmId = await running({ hostname: "vnc1.example.com" });
    open.push(await hv.openConsole(vmId, { channel: "rfb", password: null }));
    const rfb = served[0]!;
    expect(rfb).toMatchObject({ name: "vnc1.example.com", password: null });
    const screen: TextScreen = rfb.screen;
    await waitFor("the login prompt on screen", () => screen.rowText(screen.cursorRow) === "vnc1.example.com login:");
    typeKeys(rfb, "root\rfirst-password\r");
    await waitFor("the shell prompt", () => screen.rowText(screen.cursorRow) === "root@vnc1:~#");
    // Shift is in the keysym ("H"), BackSpace erases it.
    typeKeys(rfb, "H");
    rfb.onKey(0xff08, true);
    typeKeys(rfb, "hostname\r");
    await waitFor("the answer", () => screen.text().includes("root@vnc1:~# hostname\nvnc1.example.com\nroot@vnc1:~#"));
    // Ctrl+C with Control_L held abandons the line.
    typeKeys(rfb, "uptim");
    rfb.onKey(0xffe3, true);
    typeKeys(rfb, "c");
    rfb.onKey(0xffe3, false);
    await waitFor("^C", () => screen.text().includes("root@vnc1:~# uptim^C\nroot@vnc1:~#"));
    typeKeys(rfb, "clear\r");
    await waitFor("a clear screen", () => screen.rowText(0) === "root@vnc1:~#" && screen.rowText(1) === "");
  });

  it("over the wire, the RFB server draws the console: VNC authentication, login, an answer on a second viewer too, the end", async () => {
    const { ctx, hv, running } = await vpsSetup(undefined);
    const vmId = await running({ hostname: "rfb1.example.com" });
    const client = await RfbTestClient.connect(await hv.openConsole(vmId, { channel: "rfb", password: "vncpass1" }), { password: "vncpass1" });
    const watcher = await RfbTestClient.connect(await hv.openConsole(vmId, { channel: "rfb", password: null }));
    open.push(client.stream, watcher.stream);
    expect(client.name).toBe("rfb1.example.com");
    await client.update(false);
    await watcher.update(false);
    await client.waitForText("rfb1.example.com login:");
    client.type("root\nfirst-password\nhostname\n");
    await client.waitForText(/root@rfb1:~# hostname\nrfb1\.example\.com\nroot@rfb1:~#/);
    await watcher.waitForText(/root@rfb1:~# hostname\nrfb1\.example\.com\nroot@rfb1:~#/);
    await settle(ctx, (await hv.power(vmId, "stop")).id);
    await client.waitForText("The machine is not running: no signal.");
    await new Promise<void>((resolve) => client.stream.once("end", resolve));
  });
});

describe("a dedicated server's KVM", () => {
  async function dedicatedSetup() {
    const { served, serveRfb } = rfbRecorder();
    const ctx = contextFor(serveRfb);
    const location = await makeSite(t.db, { v4: 10 });
    await makeDedicatedNode(t.db, location.id, { servers: [{ sku: "ds-xeon", count: 1 }] });
    const image = await makeOsImage(t.db, { name: "Ubuntu 24.04" });
    const server = await reserveDedicatedServer(ctx, location.id, { sku: "ds-xeon" });
    const bmc = await bmcForServer(server.id, ctx);
    const install = { image: { kind: "os" as const, osImageId: image.id }, hostname: "db1.example.com", rootPassword: "server-pass-1" };
    return { ctx, served, bmc, server, install };
  }

  /** Every row text the screen has shown, each time it appeared (it was not on the screen before). */
  function rowsSeen(screen: TextScreen) {
    const seen: string[] = [];
    let shown = new Set<string>();
    const take = () => {
      const now = new Set<string>();
      for (let r = 0; r < screen.rows; r++) {
        const text = screen.rowText(r);
        if (!text) continue;
        now.add(text);
        if (!shown.has(text)) seen.push(text);
      }
      shown = now;
    };
    take();
    screen.onChange(take);
    return seen;
  }

  it("shows no signal while off, then POST, PXE, the installer's progress, and the installed system's login", async () => {
    const { ctx, served, bmc, server, install } = await dedicatedSetup();
    open.push(await bmc.openConsole(server.id, { channel: "rfb", password: null }));
    const screen = served[0]!.screen;
    const seen = rowsSeen(screen);
    expect(screen.text()).toContain("No Signal");

    const job = await bmc.provision(server.id, install);
    ctx.clock.advance(1_000 + 30_000);
    await waitFor("POST and PXE", () => seen.includes("Booting from PXE: Integrated NIC 1 Port 1"));
    expect(seen).toContain("Dell PowerEdge R350");
    expect(seen).toContain("Processor:  Intel Xeon E-2388G");
    expect(seen.some((row) => row.startsWith("Memory:     64 GB"))).toBe(true);
    expect(seen).toContain("Storage:    2 x 960 GB NVMe");

    ctx.clock.advance(30_000 + 120_000);
    await waitFor("the installer at half way", () => screen.text().includes("Rackfront installer: Ubuntu 24.04 for db1.example.com") && / 50%$/.test(screen.rowText(screen.cursorRow)));
    ctx.clock.advance(60_000);
    await waitFor("the progress moving on", () => / 75%$/.test(screen.rowText(screen.cursorRow)));
    expect(screen.text()).toContain("Installing the boot loader ... done");

    // The installer ends; the server reboots into POST again, then boots the installed system.
    ctx.clock.advance(60_000 + 1_000);
    await waitFor("POST after the installer", () => seen.lastIndexOf("Dell PowerEdge R350") > seen.indexOf("Rackfront installer: Ubuntu 24.04 for db1.example.com"));
    expect(screen.text()).toContain("Booting from NVMe: Integrated Storage Controller 1");
    await settle(ctx, job.id);
    await waitFor("the login prompt", () => screen.rowText(screen.cursorRow) === "db1.example.com login:");
    expect(seen).toContain("Welcome to Ubuntu 24.04!");
    expect(seen).toContain("cloud-init[598]: Set hostname to db1.example.com");
    typeKeys(served[0]!, "root\rserver-pass-1\rip addr\r");
    const [address] = (await bmc.network(server.id)).addresses;
    await waitFor("ip addr", () => screen.text().includes(`inet ${address!.address}/${address!.prefixLength}`));
  });

  it("has no serial line, and no KVM for a server in stock", async () => {
    const { ctx, bmc, server, install } = await dedicatedSetup();
    await expectBackendError(bmc.openConsole(server.id, { channel: "serial", password: null }), "conflict");
    await settle(ctx, (await bmc.provision(server.id, install)).id);
    const stream = await bmc.openConsole(server.id, { channel: "rfb", password: null });
    const ended = new Promise<void>((resolve) => stream.once("end", resolve));
    stream.resume();
    await settle(ctx, (await bmc.release(server.id)).id);
    await ended;
    const refused = await expectBackendError(bmc.openConsole(server.id, { channel: "rfb", password: null }), "conflict");
    expect(refused.message).toBe("The server is not assigned");
  });
});
