import type { ConsoleStream, OpenConsoleInput } from "@/lib/console/console-types";
import type { BackendJobView, ConsoleEndpoint, ImageSource, IpAddressView, NetworkView, TrafficCounters } from "./types";

export type DedicatedPowerState = "on" | "off";
export type DedicatedPowerAction = "on" | "off" | "restart";
export type DedicatedProvisionState =
  | "available"
  | "reserved"
  | "pxe_booting"
  | "installing"
  | "rebooting"
  | "active"
  | "rescue"
  | "deploy_failed"
  | "cleaning"
  | "maintenance";

export interface DedicatedServerView {
  id: string;
  nodeId: string;
  serviceId: string | null;
  name: string;
  sku: string;
  manufacturer: string;
  model: string;
  specs: Record<string, unknown>;
  powerState: DedicatedPowerState;
  provisionState: DedicatedProvisionState;
  hostname: string | null;
  os: { imageId: string | null; name: string } | null;
  rescueMode: boolean;
  busy: { provisionJobId: string | null; powerJobId: string | null };
}

export interface InstallServerInput {
  image: ImageSource;
  hostname: string;
  /** Every account key: at (re)install a server receives them all. */
  sshKeys?: string[];
  rootPassword?: string;
  userData?: string;
}

export type SensorStatus = "ok" | "warning" | "critical";

/** From the management controller (cache it: reading sensors is slow on real BMCs). */
export interface HealthReport {
  overall: SensorStatus;
  sampledAt: Date;
  temperatures: { name: string; celsius: number | null; status: SensorStatus }[];
  fans: { name: string; rpm: number | null; status: SensorStatus }[];
  powerSupplies: { name: string; watts: number | null; status: SensorStatus }[];
}

export interface BmcCapabilities {
  powerActions: DedicatedPowerAction[];
  console: "kvm" | null;
  reinstall: boolean;
  /** Dedicated servers reset the password by reinstalling (the API says it erases data). */
  passwordReset: "reinstall";
  rescue: boolean;
  health: boolean;
  snapshots: false;
}

/**
 * A dedicated-server backend: one node is a provisioning controller for an inventory of servers,
 * each with its own management controller (Redfish/IPMI). Same job model and errors as the hypervisor.
 */
export interface BmcDriver {
  readonly kind: "dedicated";
  readonly driver: string;
  readonly nodeId: string;
  readonly capabilities: BmcCapabilities;

  status(serverId: string): Promise<DedicatedServerView>;
  powerStatus(serverId: string): Promise<{ powerState: DedicatedPowerState }>;
  /** Result `{action, alreadyInState}`; a job that fails means the controller did not complete it. */
  power(serverId: string, action: DedicatedPowerAction): Promise<BackendJobView>;
  /** First install of a reserved server: pxe_booting -> installing -> rebooting -> active. */
  provision(serverId: string, input: InstallServerInput): Promise<BackendJobView>;
  /** Same path from active (or deploy_failed, rescue); erases the disks. Conflict while one runs. */
  reinstall(serverId: string, input: InstallServerInput): Promise<BackendJobView>;
  rescue(serverId: string, input: { password: string }): Promise<BackendJobView>;
  unrescue(serverId: string): Promise<BackendJobView>;
  health(serverId: string): Promise<HealthReport>;
  /** The server's switch-port byte counters (read from the switch, e.g. SNMP ifHCInOctets/ifHCOutOctets); null when no customer port is up. */
  trafficCounters(serverId: string): Promise<TrafficCounters | null>;
  network(serverId: string): Promise<NetworkView>;
  setReverseDns(serverId: string, addressId: string, hostname: string | null): Promise<IpAddressView>;
  setSshKeys(serverId: string, keys: string[]): Promise<void>;
  consoleEndpoint(serverId: string): Promise<ConsoleEndpoint>;
  /**
   * Connects to the machine's console: RFB 3.8 (channel `rfb`) or the serial line (`serial`, VPS only).
   * `conflict` when it has no display (stopped, still being defined). Ending the stream disconnects.
   */
  openConsole(serverId: string, input: OpenConsoleInput): Promise<ConsoleStream>;
  /** Wipes the server and returns it to stock (cleaning -> available), releasing its addresses. */
  release(serverId: string): Promise<BackendJobView>;

  advanceJob(jobId: string, now: Date): Promise<BackendJobView>;
}
