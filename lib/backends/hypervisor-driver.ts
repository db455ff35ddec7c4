import type { ConsoleStream, OpenConsoleInput } from "@/lib/console/console-types";
import type { BackendJobView, ConsoleEndpoint, ImageSource, IpAddressView, NetworkView, TrafficCounters } from "./types";

export type VmState = "creating" | "running" | "stopped" | "paused" | "error";
export type VmPowerAction = "start" | "stop" | "restart";
export type OsInstallationStatus = "in_progress" | "completed" | "failed";

/** The machine as the hypervisor last reported it (the customer API's `instance`). */
export interface VmView {
  id: string;
  nodeId: string;
  serviceId: string | null;
  /** Domain name on the node. */
  name: string;
  /** The guest's hostname. */
  hostname: string;
  externalId: string | null;
  state: VmState;
  vcpus: number;
  memoryMb: number;
  diskGb: number;
  os: { imageId: string | null; name: string } | null;
  rescueMode: boolean;
  osInstallationStatus: OsInstallationStatus | null;
  /** Jobs holding the machine's locks: a disk job (snapshots, capture, reinstall) and a power job. */
  busy: { diskJobId: string | null; powerJobId: string | null };
  createdAt: Date;
  updatedAt: Date;
}

export type SnapshotStatus = "creating" | "available" | "reverting" | "deleting" | "error";

/** The customer API's VPS snapshot row, in camelCase. */
export interface SnapshotView {
  id: string;
  name: string;
  description: string | null;
  status: SnapshotStatus;
  sizeBytes: number | null;
  /** Always false: snapshots are disk only. */
  hasMemory: false;
  restorable: boolean;
  inProgress: boolean;
  crashConsistent: boolean | null;
  /** Names of the newer snapshots a revert to this one destroys. */
  destroysOnRestore: string[];
  /** A revert stops the machine and starts it again when it is running now. */
  comesBackRunning: boolean;
  createdAt: Date;
  completedAt: Date | null;
}

export interface CreateVmInput {
  /** From allocate(): the node and size; its reserved addresses become the machine's. */
  allocationId: string;
  /**
   * The domain name on the node: unique among the node's machines not destroyed (`name_conflict`
   * when taken). Provisioning names machines after their service (docs/decisions.md#r11).
   */
  name: string;
  /** The hostname the guest is given (cloud-init); a label many machines may share. Default: `name`. */
  hostname?: string;
  serviceId?: string | null;
  image: ImageSource;
  /** Root password (8+ characters); only a hash is kept. */
  rootPassword?: string;
  sshKeys?: string[];
  /** `#cloud-config` or `#!` script, max 64 KB; not on Windows images. */
  userData?: string;
  /** Boot after install (default true). */
  start?: boolean;
}

export interface ReinstallInput {
  image: ImageSource;
  rootPassword: string;
  sshKeys?: string[];
  userData?: string;
}

export interface VmStats {
  state: VmState;
  sampledAt: Date;
  /** null when the figure cannot be read (machine not running): never 0 for unknown. */
  cpu: { usage: number | null; cores: number };
  memory: { used: number | null; total: number; percentage: number | null; source: "guest" | null };
  disk: { used: number | null; total: number; allocated: number; percentage: number | null; source: "guest" | null };
  network: { rxBps: number | null; txBps: number | null; netinBytes: number | null; netoutBytes: number | null };
}

export interface HypervisorCapabilities {
  powerActions: VmPowerAction[];
  console: "vnc" | null;
  reinstall: boolean;
  passwordReset: boolean;
  snapshots: boolean;
  capture: boolean;
  rescue: boolean;
  stats: boolean;
  /** migrate(): moves a machine to another node of this driver in the same location. */
  migrate: boolean;
}

/**
 * A VPS backend: one node (hypervisor) per instance. Every method that changes the machine returns
 * a job the caller polls with getJob(); reads are synchronous. Refusals are BackendError:
 * `not_found` (no such machine on this node, or destroyed), `conflict` (wrong state, or the lock the
 * operation needs is held by another job), `provider_unreachable`, and the provisioning codes.
 */
export interface HypervisorDriver {
  readonly kind: "vps";
  readonly driver: string;
  readonly nodeId: string;
  readonly capabilities: HypervisorCapabilities;

  /** Defines and installs a machine on the allocation's node. The machine exists (state `creating`) at once. */
  create(input: CreateVmInput): Promise<{ vm: VmView; job: BackendJobView }>;
  /** start on a running machine, stop on a stopped one: a job that succeeds with `alreadyInState: true`. */
  power(vmId: string, action: VmPowerAction): Promise<BackendJobView>;
  status(vmId: string): Promise<VmView>;
  /** Re-images the disk (a disk job that also controls power); snapshots are kept. */
  reinstall(vmId: string, input: ReinstallInput): Promise<BackendJobView>;
  /** Sets the root password through the guest agent; the machine must be running. */
  setPassword(vmId: string, password: string): Promise<BackendJobView>;

  createSnapshot(vmId: string, input: { name: string; description?: string | null; limit?: number }): Promise<{ snapshot: SnapshotView; job: BackendJobView }>;
  listSnapshots(vmId: string): Promise<SnapshotView[]>;
  /** Stops the machine if running, restores the disk, destroys newer snapshots, starts it again if it was running. */
  revertSnapshot(vmId: string, snapshotId: string): Promise<BackendJobView>;
  deleteSnapshot(vmId: string, snapshotId: string): Promise<BackendJobView>;
  /** Copies the disk to an image; the machine keeps running. Result: `{imageRef, sizeBytes, virtualSizeBytes, osFamily}`. */
  capture(vmId: string, input: { name: string }): Promise<BackendJobView>;

  /**
   * Changes the machine's size (a plan change): a disk and power job that stops a running machine,
   * resizes it and starts it again. Disks only grow (`conflict` for a smaller disk); the node's units
   * follow at once (`capacity` when the node has no room for the growth). Result: the new size.
   */
  resize(vmId: string, size: { vcpus: number; memoryMb: number; diskGb: number }): Promise<BackendJobView>;

  /**
   * Moves the machine to another node (a disk and power job; the machine keeps its state and its
   * addresses, so the target must be an enabled node of the same driver in the same location:
   * `conflict` otherwise, as for a held lock). The target's units are held at once (`capacity` when
   * it has no room); on success the machine's node and allocation switch to the target and the
   * source's units are released; on failure the target's are, and the machine stays. Result:
   * `{fromNodeId, toNodeId}`. The job stays on this (the source) node's driver.
   */
  migrate(vmId: string, input: { targetNodeId: string }): Promise<BackendJobView>;

  rescue(vmId: string, input: { password: string }): Promise<BackendJobView>;
  unrescue(vmId: string): Promise<BackendJobView>;

  network(vmId: string): Promise<NetworkView>;
  /** An extra address from the location's pools (ip_capacity when none is free). */
  addAddress(vmId: string, version: 4 | 6): Promise<IpAddressView>;
  removeAddress(vmId: string, addressId: string): Promise<void>;
  setReverseDns(vmId: string, addressId: string, hostname: string | null): Promise<IpAddressView>;
  /** Keys installed at the next (re)install. */
  setSshKeys(vmId: string, keys: string[]): Promise<void>;

  stats(vmId: string): Promise<VmStats>;
  /** The virtual NIC's byte counters (they restart when the machine boots); null while it is not running. */
  trafficCounters(vmId: string): Promise<TrafficCounters | null>;
  consoleEndpoint(vmId: string): Promise<ConsoleEndpoint>;
  /**
   * Connects to the machine's console: RFB 3.8 (channel `rfb`) or the serial line (`serial`, VPS only).
   * `conflict` when it has no display (stopped, still being defined). Ending the stream disconnects.
   */
  openConsole(vmId: string, input: OpenConsoleInput): Promise<ConsoleStream>;

  /** Destroys the machine and its disks; releases its capacity and addresses. Cancels its other jobs. */
  delete(vmId: string): Promise<BackendJobView>;

  /** Brings one of this node's jobs up to `now` (the driver's half of getJob and advance). */
  advanceJob(jobId: string, now: Date): Promise<BackendJobView>;
}

export type { IpAddressView, NetworkView };
