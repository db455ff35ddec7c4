import type { DedicatedServer } from "@/lib/generated/prisma/client";
import { phaseOf, waveBytes, type TrafficWave } from "../simulation/traffic-counter";

// The simulated switch port of a dedicated server. Like a real port its counters only grow, and only
// while the server is on: the stored counters are folded forward at every power change (operations.ts)
// and read as stored plus the traffic since then. A real BMC driver reads the switch instead (SNMP
// ifHCInOctets/ifHCOutOctets of the server's port).

/** Around 20 Mbit/s in and 60 Mbit/s out: servers mostly send. */
export function serverTrafficWaves(serverId: string): { rx: TrafficWave; tx: TrafficWave } {
  return { rx: { meanBps: 20_000_000, periodMs: 3_600_000, phase: phaseOf(serverId) }, tx: { meanBps: 60_000_000, periodMs: 5_400_000, phase: phaseOf(serverId, 8) } };
}

type PortRow = Pick<DedicatedServer, "id" | "powerState" | "portRxBytes" | "portTxBytes" | "portCountedAt" | "reservedAt" | "createdAt">;

/** The port's counters at `now`. Never folded yet: counting since the server was reserved. */
export function portCountersAt(row: PortRow, now: Date): { rxBytes: number; txBytes: number } {
  const from = row.portCountedAt ?? row.reservedAt ?? row.createdAt;
  const on = row.powerState === "on";
  const waves = serverTrafficWaves(row.id);
  return {
    rxBytes: Number(row.portRxBytes) + (on ? waveBytes(waves.rx, from, now) : 0),
    txBytes: Number(row.portTxBytes) + (on ? waveBytes(waves.tx, from, now) : 0),
  };
}
