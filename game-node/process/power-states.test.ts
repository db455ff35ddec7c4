import { describe, expect, it } from "vitest";
import { acceptsCommands, decidePower, onProcessEvent, parsePowerAction, POWER_ACTION_UNKNOWN } from "./power-states";

describe("power state table", () => {
  it("parses only the four verbs", () => {
    expect(parsePowerAction("start")).toBe("start");
    expect(parsePowerAction("kill")).toBe("kill");
    for (const bad of ["Start", "reboot", "", " stop", "__proto__", "toString", 1, null, undefined]) expect(parsePowerAction(bad)).toBeNull();
    expect(POWER_ACTION_UNKNOWN).toBe("game.power_action_unknown");
  });

  it("accepts the verbs that make sense", () => {
    expect(decidePower("offline", "start")).toEqual({ ok: true, from: "offline", to: "starting" });
    expect(decidePower("offline", "restart")).toEqual({ ok: true, from: "offline", to: "starting" });
    expect(decidePower("running", "stop")).toEqual({ ok: true, from: "running", to: "stopping" });
    expect(decidePower("starting", "stop")).toEqual({ ok: true, from: "starting", to: "stopping" });
    expect(decidePower("running", "restart")).toEqual({ ok: true, from: "running", to: "stopping" });
    expect(decidePower("running", "kill")).toEqual({ ok: true, from: "running", to: "stopping" });
    expect(decidePower("stopping", "kill")).toEqual({ ok: true, from: "stopping", to: "stopping" });
    expect(decidePower("stopping", "stop")).toEqual({ ok: true, from: "stopping", to: "stopping" });
  });

  it("refuses the others with a typed reason", () => {
    expect(decidePower("running", "start")).toMatchObject({ ok: false, reason: "already_running" });
    expect(decidePower("starting", "start")).toMatchObject({ ok: false, reason: "already_starting" });
    expect(decidePower("offline", "stop")).toMatchObject({ ok: false, reason: "not_running" });
    expect(decidePower("offline", "kill")).toMatchObject({ ok: false, reason: "not_running" });
    expect(decidePower("stopping", "start")).toMatchObject({ ok: false, reason: "is_stopping" });
  });

  it("marks an unasked exit as a crash", () => {
    expect(onProcessEvent("running", "exited")).toEqual({ to: "offline", crashed: true });
    expect(onProcessEvent("starting", "exited")).toEqual({ to: "offline", crashed: true });
    expect(onProcessEvent("stopping", "exited")).toEqual({ to: "offline", crashed: false });
    expect(onProcessEvent("starting", "ready")).toEqual({ to: "running", crashed: false });
    expect(onProcessEvent("stopping", "ready")).toEqual({ to: "stopping", crashed: false });
  });

  it("takes commands only while up", () => {
    expect(acceptsCommands("running")).toBe(true);
    expect(acceptsCommands("starting")).toBe(true);
    expect(acceptsCommands("stopping")).toBe(false);
    expect(acceptsCommands("offline")).toBe(false);
  });
});
