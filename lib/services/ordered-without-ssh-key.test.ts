import { describe, expect, it } from "vitest";
import { orderedWithoutSshKey } from "./ordered-without-ssh-key";

describe("orderedWithoutSshKey", () => {
  const order = (configuration: unknown) => ({ orderItem: { configuration }, accountHasSshKeys: true });

  it("an order that recorded no key: yes, whatever the account holds now", () => {
    expect(orderedWithoutSshKey(order({}))).toBe(true);
    expect(orderedWithoutSshKey(order({ osImageId: "x", ssh_keys: [] }))).toBe(true);
    expect(orderedWithoutSshKey(order(null))).toBe(true);
  });

  it("an order with keys, sent in full or picked from the account, in either spelling", () => {
    expect(orderedWithoutSshKey(order({ ssh_keys: ["ssh-ed25519 AAAA x"] }))).toBe(false);
    expect(orderedWithoutSshKey(order({ ssh_key_ids: ["k1"] }))).toBe(false);
    expect(orderedWithoutSshKey(order({ configOptions: { sshKeys: ["ssh-ed25519 AAAA x"] } }))).toBe(false);
  });

  it("no order recorded: the account's keys decide", () => {
    expect(orderedWithoutSshKey({ orderItem: null, accountHasSshKeys: false })).toBe(true);
    expect(orderedWithoutSshKey({ orderItem: null, accountHasSshKeys: true })).toBe(false);
  });
});
