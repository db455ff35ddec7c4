import type { BackendErrorCode } from "./backend-error";

export type JobState = "queued" | "running" | "succeeded" | "failed";

/** What a caller polls: every long backend operation returns one. */
export interface BackendJobView {
  id: string;
  nodeId: string;
  vmId: string | null;
  serverId: string | null;
  operation: string;
  state: JobState;
  /** 0-100; 100 only once succeeded. */
  progress: number;
  /** The step the job is in (e.g. `imaging`, `pxe_booting`); null while queued. */
  step: string | null;
  error: { code: BackendErrorCode; message: string; retryable: boolean } | null;
  result: Record<string, unknown> | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** What a machine is installed from. */
export type ImageSource =
  | { kind: "os"; osImageId: string }
  /** A captured or uploaded image the platform keeps (the capture job's `imageRef`). */
  | { kind: "custom"; imageRef: string; name: string; virtualSizeBytes: number; osFamily?: string; /** A URL image's registered digest, checked when the node fetches it. */ sha256?: string | null };

export interface IpAddressView {
  id: string;
  address: string;
  version: 4 | 6;
  prefixLength: number;
  gateway: string | null;
  subnetCidr: string;
  purpose: "primary" | "additional";
  reverseDns: string | null;
}

export interface SubnetView {
  cidr: string;
  version: 4 | 6;
  gateway: string | null;
}

export interface NetworkView {
  addresses: IpAddressView[];
  subnets: SubnetView[];
}

/**
 * Where a console viewer connects. The websocket relay (later) dials `target`; a real hypervisor
 * answers a VNC host/port (libvirt) or a ticketed proxy URL (Proxmox), a BMC its KVM launch URL.
 */
export type ConsoleEndpoint =
  | { available: false; reason: string }
  | {
      available: true;
      protocol: "vnc" | "kvm";
      target:
        | { kind: "vnc"; host: string; port: number; password: string | null }
        | { kind: "url"; url: string }
        | { kind: "simulated"; machineId: string };
    };

/**
 * Byte counters of a machine's public interface (a VM's virtual NIC, a dedicated server's switch
 * port), cumulative since they last started. Counters restart (a VM boots again, a port is reset): a
 * reading below the previous one means counting began again from zero.
 */
export interface TrafficCounters {
  sampledAt: Date;
  /** Received by the machine (its inbound traffic). */
  rxBytes: number;
  /** Sent by the machine. */
  txBytes: number;
}
