import type { StepPlan } from "../simulation/durations";

/** Time a job waits before its first step. */
export const HYPERVISOR_QUEUE_MS = 500;

/**
 * Default steps and durations (ms) of the simulated hypervisor, close to a KVM host with local NVMe.
 * Override per node (`config.durationsMs["create.imaging"]`) or per process (BackendContext.simulator).
 */
export const HYPERVISOR_STEPS = {
  create: [
    ["defining", 2_000],
    ["imaging", 15_000],
    ["booting", 8_000],
  ],
  start: [["booting", 5_000]],
  stop: [["shutting_down", 6_000]],
  restart: [
    ["shutting_down", 5_000],
    ["booting", 5_000],
  ],
  reinstall: [
    ["shutting_down", 4_000],
    ["imaging", 15_000],
    ["booting", 8_000],
  ],
  password: [["guest_agent", 3_000]],
  "snapshot.create": [["snapshotting", 6_000]],
  "snapshot.revert": [
    ["shutting_down", 4_000],
    ["reverting", 8_000],
    ["booting", 5_000],
  ],
  "snapshot.delete": [["deleting", 3_000]],
  capture: [["copying", 20_000]],
  resize: [
    ["shutting_down", 4_000],
    ["resizing", 12_000],
    ["booting", 5_000],
  ],
  // A live move: the disk is copied while the guest runs, then a short pause while memory follows.
  migrate: [
    ["preparing", 2_000],
    ["copying_disk", 30_000],
    ["switching_over", 2_000],
  ],
  rescue: [["rebooting", 8_000]],
  unrescue: [["rebooting", 8_000]],
  delete: [
    ["shutting_down", 3_000],
    ["destroying", 4_000],
  ],
} as const satisfies Record<string, StepPlan>;

export type HypervisorOperation = keyof typeof HYPERVISOR_STEPS;
