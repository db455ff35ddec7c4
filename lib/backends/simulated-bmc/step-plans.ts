import type { StepPlan } from "../simulation/durations";

export const BMC_QUEUE_MS = 1_000;

/**
 * Default steps and durations (ms) of the simulated BMC, close to a 1U server with a Redfish controller
 * and a PXE installer: firmware POST is slow, an unattended install takes minutes.
 */
export const BMC_STEPS = {
  "power.on": [["powering_on", 15_000]],
  "power.off": [["powering_off", 8_000]],
  "power.restart": [["power_cycling", 20_000]],
  provision: [
    ["pxe_booting", 60_000],
    ["installing", 240_000],
    ["rebooting", 90_000],
  ],
  reinstall: [
    ["pxe_booting", 60_000],
    ["installing", 240_000],
    ["rebooting", 90_000],
  ],
  rescue: [
    ["pxe_booting", 60_000],
    ["booting_rescue", 30_000],
  ],
  unrescue: [["rebooting", 90_000]],
  release: [
    ["powering_off", 8_000],
    ["cleaning", 120_000],
  ],
} as const satisfies Record<string, StepPlan>;

export type BmcOperation = keyof typeof BMC_STEPS;
