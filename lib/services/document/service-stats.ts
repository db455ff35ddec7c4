import type { HealthReport } from "@/lib/backends/bmc-driver";
import { bmcForServer, hypervisorForVm } from "@/lib/backends/registry";
import { DomainError } from "@/lib/errors/domain-error";
import { backendRefusal } from "../backend-refusal";
import { findServiceMachine } from "../find-service-machine";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import { NO_REMOTE_CONTROLS } from "../lifecycle/change-service-power";
import { NO_INSTANCE_YET } from "../lifecycle/service-machine-or-throw";
import { productControls } from "../service-controls";
import { assertControlAllowed } from "../service-rules";
import { trafficToDate, vpsSeries, type VpsSeriesPoint } from "../samples/stats-history";

export const GAME_STATS_REFUSED = "Statistics are not available for game servers";

/** Native VPS stats (the reseller API spec "Stats"): every figure that cannot be read is null, never 0. */
export interface VpsStatsDoc {
  platform: "native";
  collecting: boolean;
  stats: {
    status: string;
    cpu: { usage: number | null; cores: number };
    memory: { percentage: number | null; used: number | null; cached: number | null; total: number; source: "guest" | "host_rss" | null };
    disk: {
      percentage: number | null;
      used: number | null;
      total: number;
      allocated: number;
      source: "guest" | "guest_daily" | null;
      read_bps: number | null;
      write_bps: number | null;
      read_iops: number | null;
      write_iops: number | null;
    };
    network: { rx_bps: number | null; tx_bps: number | null; netin_bytes: number | null; netout_bytes: number | null; month_netin_bytes: number | null; month_netout_bytes: number | null };
  };
  series: VpsSeriesPoint[];
}

export interface DedicatedStatsDoc {
  cpu: string | null;
  ram: string | null;
  storage: string | null;
  powerState: "on" | "off" | "unreachable";
  health: HealthReport | null;
  network: {
    rx_bps: number | null;
    tx_bps: number | null;
    netin_bytes: null;
    netout_bytes: null;
    month_netin_bytes: number | null;
    month_netout_bytes: number | null;
    sampledAt: string | null;
  };
}

const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : null);

/**
 * `GET /services/{id}/stats` of one of the actor's services (404 outside its scope). Native VPS: the
 * hypervisor's live figures, the month's traffic and the last 24 hours of five-minute samples
 * (`collecting` until two exist). Dedicated: spec strings, power state (or `unreachable`), the
 * controller's health and the switch-port block from the samples (rates of the latest interval, the
 * month's bytes; null before the port was sampled). Game 400.
 */
export async function serviceStats(ctx: ServiceContext, input: { serviceId: string }): Promise<VpsStatsDoc | DedicatedStatsDoc> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  if (service.product.kind === "game") throw new DomainError("invalid", GAME_STATS_REFUSED);
  if (service.product.kind !== "vps" && service.product.kind !== "dedicated") throw new DomainError("invalid", NO_REMOTE_CONTROLS);
  assertControlAllowed(service.status, "stats");
  if (service.product.kind === "vps" && !productControls(service.product).stats) throw new DomainError("forbidden", "Statistics are switched off for this product");
  const machine = await findServiceMachine(ctx.db, service.id);
  if (!machine) throw new DomainError("not_found", NO_INSTANCE_YET);
  const now = ctx.now;
  const traffic = await trafficToDate(ctx.db, service.id, now);
  if (machine.kind === "vps") {
    try {
      const s = await (await hypervisorForVm(machine.vm.id, ctx)).stats(machine.vm.id);
      return {
        platform: "native",
        collecting: traffic.samples < 2,
        stats: {
          status: s.state,
          cpu: { usage: s.cpu.usage, cores: s.cpu.cores },
          memory: { percentage: s.memory.percentage, used: s.memory.used, cached: null, total: s.memory.total, source: s.memory.source },
          disk: { percentage: s.disk.percentage, used: s.disk.used, total: s.disk.total, allocated: s.disk.allocated, source: s.disk.source, read_bps: null, write_bps: null, read_iops: null, write_iops: null },
          network: {
            rx_bps: s.network.rxBps,
            tx_bps: s.network.txBps,
            netin_bytes: s.network.netinBytes,
            netout_bytes: s.network.netoutBytes,
            month_netin_bytes: traffic.month?.rxBytes ?? null,
            month_netout_bytes: traffic.month?.txBytes ?? null,
          },
        },
        series: await vpsSeries(ctx.db, service.id, now),
      };
    } catch (error) {
      throw backendRefusal(error);
    }
  }
  const hw = (machine.server.specs ?? {}) as Record<string, unknown>;
  const product = (service.product.specs ?? {}) as Record<string, unknown>;
  const bmc = await bmcForServer(machine.server.id, ctx);
  const powerState = await bmc
    .powerStatus(machine.server.id)
    .then((p) => p.powerState)
    .catch(() => "unreachable" as const);
  const health = bmc.capabilities.health ? await bmc.health(machine.server.id).catch(() => null) : null;
  return {
    cpu: str(hw.cpu) ?? str(product.cpu),
    ram: str(hw.ram) ?? str(product.ram),
    storage: str(hw.storage) ?? str(product.storage),
    powerState,
    health,
    network: {
      rx_bps: traffic.latest?.rxBps ?? null,
      tx_bps: traffic.latest?.txBps ?? null,
      netin_bytes: null,
      netout_bytes: null,
      month_netin_bytes: traffic.month?.rxBytes ?? null,
      month_netout_bytes: traffic.month?.txBytes ?? null,
      sampledAt: traffic.latest?.at.toISOString() ?? null,
    },
  };
}
