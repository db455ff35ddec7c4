import { describe, expect, it } from "vitest";
import type { ShellProfile } from "./guest-scene";
import { LoginShell } from "./login-shell";

function shell(options: { system?: "installed" | "rescue" } = {}) {
  let out = "";
  let clears = 0;
  const profile: ShellProfile = {
    hostname: "web1.example.com",
    issue: "Debian GNU/Linux 12",
    kernel: "6.1.0-28-amd64",
    system: options.system ?? "installed",
    bootedAt: new Date("2026-03-02T10:00:00Z"),
    mac: "52:54:00:12:34:56",
    checkPassword: async (password) => password === "secret-pass",
    addresses: async () => [],
  };
  const s = new LoginShell(
    {
      write: (text) => (out += text),
      clear: () => {
        clears++;
        out = "";
      },
      now: () => new Date("2026-03-02T10:10:00Z"),
    },
    () => profile,
  );
  s.start();
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { s, out: () => out, clears: () => clears, settled };
}

describe("LoginShell", () => {
  it("shows the getty banner and login prompt, hides the password and logs root in", async () => {
    const { s, out, settled } = shell();
    expect(out()).toBe("\r\nDebian GNU/Linux 12 web1.example.com tty1\r\n\r\nweb1.example.com login: ");
    s.input("root\r");
    expect(out().endsWith("login: root\r\nPassword: ")).toBe(true);
    s.input("secret-pass\r");
    await settled();
    expect(out()).not.toContain("secret-pass");
    expect(out().endsWith("root@web1:~# ")).toBe(true);
  });

  it("reads input typed while a login is checked after it, in order", async () => {
    const { s, out, settled } = shell();
    s.input("root\rsecret-pass\rwhoami\r");
    await settled();
    await settled();
    expect(out().endsWith("root@web1:~# whoami\r\nroot\r\nroot@web1:~# ")).toBe(true);
  });

  it("edits the line: BackSpace, Ctrl-U, Ctrl-C, arrows skipped, Ctrl-D logs out", async () => {
    const { s, out, clears, settled } = shell();
    s.input("root\rsecret-pass\r");
    await settled();
    s.input("hostnamx\x7fe\x1b[A\r");
    await settled();
    expect(out()).toContain("hostnamx\b \be\r\nweb1.example.com\r\n");
    s.input("abc\x15");
    expect(out().endsWith("abc\b \b\b \b\b \b")).toBe(true);
    s.input("xyz\x03");
    expect(out().endsWith("xyz^C\r\nroot@web1:~# ")).toBe(true);
    s.input("\x04");
    await settled();
    expect(clears()).toBe(1);
    expect(out().endsWith("web1.example.com login: ")).toBe(true);
  });

  it("Ctrl-C at the password prompt goes back to the login prompt; a stopped shell reads nothing", async () => {
    const { s, out, settled } = shell();
    s.input("root\rsecr\x03");
    expect(out().endsWith("Password: ^C\r\nweb1.example.com login: ")).toBe(true);
    s.stop();
    s.input("root\r");
    await settled();
    expect(out().endsWith("web1.example.com login: ")).toBe(true);
  });

  it("the rescue system has its own prompt", async () => {
    const { s, out, settled } = shell({ system: "rescue" });
    s.input("root\rsecret-pass\r");
    await settled();
    expect(out().endsWith("root@web1 ~ # ")).toBe(true);
  });
});
