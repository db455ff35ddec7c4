import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors/domain-error";
import { createAddressPolicy } from "./address-policy";
import { checkWebhookUrl, WEBHOOK_URL_MESSAGES } from "./check-webhook-url";
import { classifyAddress, ipv6Groups } from "./ip-address-kind";
import type { Resolver } from "./resolver";

// No real DNS in tests: names resolve through this table; anything else does not resolve.
const PUBLIC_V4 = "93.184.215.14";
const PUBLIC_V6 = "2606:2800:21f:cb07:6820:80da:af6b:8b2c";
const table: Record<string, string[]> = {
  "hooks.example.com": [PUBLIC_V4],
  "v6.example.com": [PUBLIC_V6],
  "dual.example.com": [PUBLIC_V4, PUBLIC_V6],
  "127.0.0.1.nip.io": ["127.0.0.1"],
  "mixed.example.net": [PUBLIC_V4, "10.0.0.5"],
  "aaaa-private.example.net": ["fd00::5"],
  "metadata.example.net": ["169.254.169.254"],
  "mapped.example.net": ["::ffff:127.0.0.1"],
};
const resolve: Resolver = async (host) => {
  const answers = table[host];
  if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
  return answers.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
};
const policy = createAddressPolicy();

async function refusal(url: string): Promise<string> {
  try {
    await checkWebhookUrl(url, { resolve, policy });
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).kind).toBe("invalid");
    return (err as DomainError).message;
  }
  throw new Error(`${url} was accepted`);
}

describe("classifyAddress", () => {
  it.each([
    ["8.8.8.8", "public"],
    [PUBLIC_V4, "public"],
    [PUBLIC_V6, "public"],
    ["127.0.0.1", "loopback"],
    ["127.127.127.127", "loopback"],
    ["0.0.0.0", "unspecified"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["172.32.0.1", "public"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "link-local"],
    ["100.64.0.1", "shared"],
    ["100.127.255.255", "shared"],
    ["100.128.0.1", "public"],
    ["192.0.0.8", "reserved"],
    ["192.0.2.1", "documentation"],
    ["198.51.100.7", "documentation"],
    ["203.0.113.9", "documentation"],
    ["198.18.0.1", "benchmarking"],
    ["198.19.255.255", "benchmarking"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "broadcast"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["::ffff:127.0.0.1", "ipv4-mapped"],
    ["::ffff:7f00:1", "ipv4-mapped"],
    ["::ffff:8.8.8.8", "ipv4-mapped"],
    ["::7f00:1", "ipv4-compatible"],
    ["::127.0.0.1", "ipv4-compatible"],
    ["64:ff9b::7f00:1", "ipv4-translated"],
    ["64:ff9b:1::1", "ipv4-translated"],
    ["::ffff:0:7f00:1", "ipv4-translated"],
    ["2002:7f00:1::", "6to4"],
    ["2001::1", "teredo"],
    ["2001:db8::1", "documentation"],
    ["2001:2::1", "benchmarking"],
    ["2001:10::1", "reserved"],
    ["3fff::1", "documentation"],
    ["fc00::1", "private"],
    ["fd00:ec2::254", "private"],
    ["fe80::1", "link-local"],
    ["fec0::1", "private"],
    ["ff02::1", "multicast"],
    ["100::1", "reserved"],
    ["5f00::1", "reserved"],
    ["2a00:1450:4001:82a::200e", "public"],
  ])("%s is %s", (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it("parses IPv6 with a dotted IPv4 tail into eight groups", () => {
    expect(ipv6Groups("::ffff:127.0.0.1")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(ipv6Groups("1:2:3:4:5:6:1.2.3.4")).toEqual([1, 2, 3, 4, 5, 6, 0x102, 0x304]);
    expect(ipv6Groups("fe80::1%eth0")).toBeNull();
    expect(classifyAddress("example.com")).toBeNull();
  });
});

describe("checkWebhookUrl at submission", () => {
  it("accepts public hosts and returns the canonical URL", async () => {
    await expect(checkWebhookUrl("https://hooks.example.com/rackfront?x=1", { resolve, policy })).resolves.toBe("https://hooks.example.com/rackfront?x=1");
    await expect(checkWebhookUrl("HTTPS://Hooks.Example.COM:8443", { resolve, policy })).resolves.toBe("https://hooks.example.com:8443/");
    await expect(checkWebhookUrl("http://dual.example.com/x", { resolve, policy })).resolves.toBe("http://dual.example.com/x");
    await expect(checkWebhookUrl(`http://${PUBLIC_V4}/x`, { resolve, policy })).resolves.toBe(`http://${PUBLIC_V4}/x`);
    await expect(checkWebhookUrl(`https://[${PUBLIC_V6}]/x`, { resolve, policy })).resolves.toBe(`https://[${PUBLIC_V6}]/x`);
    await expect(checkWebhookUrl("https://hooks.example.com./x", { resolve, policy })).resolves.toBe("https://hooks.example.com./x");
  });

  it.each([
    ["hooks.example.com/x"],
    ["//hooks.example.com/x"],
    ["hooks.example.com:8080/x"],
    ["ftp://hooks.example.com/x"],
    ["file:///etc/passwd"],
    ["gopher://hooks.example.com/"],
    ["data:text/plain,hi"],
    ["javascript:alert(1)"],
    ["http:\\\\127.0.0.1\\x"],
    ["https://"],
    [""],
    ["http://[fe80::1%25eth0]/"],
    ["http://0x41414141A9FEA9FE/"],
  ])("refuses %j: not an absolute http(s) URL", async (url) => {
    expect(await refusal(url)).toBe(WEBHOOK_URL_MESSAGES.notAbsolute);
  });

  it("refuses credentials in the URL", async () => {
    expect(await refusal("https://user:pass@hooks.example.com/")).toBe(WEBHOOK_URL_MESSAGES.credentials);
    expect(await refusal("http://127.1.1.1:80@127.2.2.2:80/")).toBe(WEBHOOK_URL_MESSAGES.credentials);
  });

  it("refuses overlong URLs", async () => {
    expect(await refusal(`https://hooks.example.com/${"a".repeat(2048)}`)).toBe(WEBHOOK_URL_MESSAGES.tooLong);
  });

  // reliability-anchors §4.1: every spelling WHATWG canonicalises to a non-public literal.
  it.each([
    ["http://127.0.0.1/", "127.0.0.1 is a loopback address"],
    ["http://127.127.127.127/", "127.127.127.127 is a loopback address"],
    ["http://127.0.0.0/", "127.0.0.0 is a loopback address"],
    ["http://2130706433/", "127.0.0.1 is a loopback address"],
    ["http://3232235521/", "192.168.0.1 is a private address"],
    ["http://0177.0.0.1/", "127.0.0.1 is a loopback address"],
    ["http://0177.01/", "127.0.0.1 is a loopback address"],
    ["http://017700000001/", "127.0.0.1 is a loopback address"],
    ["http://0x7f.0.0.1/", "127.0.0.1 is a loopback address"],
    ["http://0x7f000001/", "127.0.0.1 is a loopback address"],
    ["http://0x7f.0.0x0.1/", "127.0.0.1 is a loopback address"],
    ["http://0x7f.1/", "127.0.0.1 is a loopback address"],
    ["http://127.1/", "127.0.0.1 is a loopback address"],
    ["http://127.0.1/", "127.0.0.1 is a loopback address"],
    ["http://127.000.000.001/", "127.0.0.1 is a loopback address"],
    ["http://012.0.0.1/", "10.0.0.1 is a private address"],
    ["http://0251.254.169.254/", "169.254.169.254 is a link-local address"],
    ["http://0251.0376.0251.0376/", "169.254.169.254 is a link-local address"],
    ["http://169.254.169.254./latest/meta-data/", "169.254.169.254 is a link-local address"],
    ["http://0/", "0.0.0.0 is an unspecified address"],
    ["http://0.0.0.0/", "0.0.0.0 is an unspecified address"],
    ["http://%31%32%37.0.0.1/", "127.0.0.1 is a loopback address"],
    ["http://[::]/", "[::] is an unspecified address"],
    ["http://[::1]/", "[::1] is a loopback address"],
    ["http://[0:0:0:0:0:0:0:1]/", "[::1] is a loopback address"],
    ["http://[::ffff:127.0.0.1]/", "[::ffff:7f00:1] is an IPv4-mapped IPv6 address"],
    ["http://[0:0:0:0:0:ffff:127.0.0.1]/", "[::ffff:7f00:1] is an IPv4-mapped IPv6 address"],
    ["http://[::ffff:7f00:1]:8080/", "[::ffff:7f00:1] is an IPv4-mapped IPv6 address"],
    ["http://[::ffff:8.8.8.8]/", "[::ffff:808:808] is an IPv4-mapped IPv6 address"],
    ["http://[::7f00:1]/", "[::7f00:1] is an IPv4-compatible IPv6 address"],
    ["http://[::127.0.0.1]/", "[::7f00:1] is an IPv4-compatible IPv6 address"],
    ["http://[64:ff9b::7f00:1]/", "[64:ff9b::7f00:1] is an IPv4-translated (NAT64) IPv6 address"],
    ["http://[64:ff9b:1::a00:1]/", "[64:ff9b:1::a00:1] is an IPv4-translated (NAT64) IPv6 address"],
    ["http://[2002:7f00:1::]/", "[2002:7f00:1::] is a 6to4 IPv6 address"],
    ["http://[2001::1]/", "[2001::1] is a Teredo IPv6 address"],
    ["http://[fc00::1]/", "[fc00::1] is a private address"],
    ["http://[fd00:ec2::254]/", "[fd00:ec2::254] is a private address"],
    ["http://[fe80::1]/", "[fe80::1] is a link-local address"],
    ["http://[ff02::1]/", "[ff02::1] is a multicast address"],
    ["http://10.0.0.1/", "10.0.0.1 is a private address"],
    ["http://172.16.5.4/", "172.16.5.4 is a private address"],
    ["http://192.168.0.10/", "192.168.0.10 is a private address"],
    ["http://100.64.0.1/", "100.64.0.1 is a shared (carrier-grade NAT) address"],
    ["http://192.0.0.1/", "192.0.0.1 is a reserved address"],
    ["http://192.0.2.1/", "192.0.2.1 is a documentation address"],
    ["http://198.18.0.1/", "198.18.0.1 is a benchmarking address"],
    ["http://224.0.0.1/", "224.0.0.1 is a multicast address"],
    ["http://240.0.0.1/", "240.0.0.1 is a reserved address"],
    ["http://255.255.255.255/", "255.255.255.255 is the broadcast address"],
    ["https://127.0.0.1:443/", "127.0.0.1 is a loopback address"],
    ["http://127.0.0.1:6379/", "127.0.0.1 is a loopback address"],
    ["http://127.1.1.1#@hooks.example.com/", "127.1.1.1 is a loopback address"],
  ])("refuses %s: %s", async (url, why) => {
    expect(await refusal(url)).toBe(WEBHOOK_URL_MESSAGES.notPublic(why));
  });

  it.each([
    ["http://localhost/", "localhost is not a public domain name"],
    ["http://localhost./", "localhost is not a public domain name"],
    ["http://LOCALHOST/", "localhost is not a public domain name"],
    ["http://api.localhost/", "api.localhost is not a public domain name"],
    ["http://printer.local/", "printer.local is not a public domain name"],
    ["http://db.internal/", "db.internal is not a public domain name"],
    ["http://router.home.arpa/", "router.home.arpa is not a public domain name"],
    ["http://intranet/", "intranet is not a public domain name"],
  ])("refuses %s by name: %s", async (url, why) => {
    expect(await refusal(url)).toBe(WEBHOOK_URL_MESSAGES.notPublic(why));
  });

  it.each([
    ["http://127.0.0.1.nip.io/", "127.0.0.1.nip.io resolves to 127.0.0.1, a loopback address"],
    ["http://127.0.0.1.nip.io./", "127.0.0.1.nip.io resolves to 127.0.0.1, a loopback address"],
    ["http://mixed.example.net/", "mixed.example.net resolves to 10.0.0.5, a private address"],
    ["http://aaaa-private.example.net/", "aaaa-private.example.net resolves to fd00::5, a private address"],
    ["http://metadata.example.net/", "metadata.example.net resolves to 169.254.169.254, a link-local address"],
    ["http://mapped.example.net/", "mapped.example.net resolves to ::ffff:127.0.0.1, an IPv4-mapped IPv6 address"],
  ])("refuses %s because of what it resolves to", async (url, why) => {
    expect(await refusal(url)).toBe(WEBHOOK_URL_MESSAGES.notPublic(why));
  });

  it("refuses a host that does not resolve with the sentence of docs/decisions.md#d12", async () => {
    expect(await refusal("https://does-not-exist.example.org/hook")).toBe("Webhook URL host could not be resolved");
    const empty: Resolver = async () => [];
    await expect(checkWebhookUrl("https://hooks.example.com/", { resolve: empty, policy })).rejects.toThrow("Webhook URL host could not be resolved");
  });

  it("lets the test-only allow list exempt addresses, CIDRs and names", async () => {
    const testing = createAddressPolicy({ allow: ["127.0.0.1", "10.9.0.0/16", "::1", "receiver.localhost"] });
    await expect(checkWebhookUrl("http://127.0.0.1:4000/hook", { resolve, policy: testing })).resolves.toBe("http://127.0.0.1:4000/hook");
    await expect(checkWebhookUrl("http://10.9.3.4/", { resolve, policy: testing })).resolves.toBe("http://10.9.3.4/");
    await expect(checkWebhookUrl("http://[::1]:4000/", { resolve, policy: testing })).resolves.toBe("http://[::1]:4000/");
    const local: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];
    await expect(checkWebhookUrl("http://receiver.localhost/", { resolve: local, policy: testing })).resolves.toBe("http://receiver.localhost/");
    // What is not listed stays refused.
    expect(testing.checkAddress("127.0.0.2")).toMatchObject({ allowed: false, kind: "loopback" });
    expect(testing.checkAddress("10.8.0.1")).toMatchObject({ allowed: false, kind: "private" });
  });
});
