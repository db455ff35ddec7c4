import type { BillingCycle, ProductKind } from "@/lib/generated/prisma/client";
import type { DemoCategorySlug } from "./seed-categories";
import type { DemoLocationValue } from "./seed-locations";
import type { DemoOsImageSlug } from "./seed-os-images";

/** Retail EUR prices as decimal strings; a cycle left out has no ProductPrice row and is not sold. */
export type CyclePrices = Partial<Record<BillingCycle, string>>;

export interface DemoProduct {
  slug: string;
  name: string;
  kind: ProductKind;
  category: DemoCategorySlug;
  description: string;
  /** cpu/ram/storage as shown to customers, plus machine-readable sizes for placement. */
  specs: Record<string, string | number>;
  setupFee?: string;
  snapshotLimit?: number;
  prices: CyclePrices;
  /**
   * The product prices its datacentres: an order must name a location (`location_required`).
   * Products without it let the platform choose; their locations carry no surcharge.
   */
  locationRequired?: boolean;
  /** Where it is sold, with the monthly (and one-off) datacentre surcharge where one is priced. */
  locations: { value: DemoLocationValue; capacity: number; surchargeMonthly?: string; surchargeSetup?: string }[];
  /** The first image is the default. */
  osImages?: DemoOsImageSlug[];
}

const LINUX: DemoOsImageSlug[] = ["debian-12", "ubuntu-24-04", "almalinux-9"];
const ALL_IMAGES: DemoOsImageSlug[] = [...LINUX, "windows-server-2022"];
const VPS_LOCATIONS: DemoProduct["locations"] = [
  { value: "ams1", capacity: 200 },
  { value: "fra1", capacity: 200 },
  { value: "hel1", capacity: 100 },
];

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    slug: "vps-s",
    name: "VPS S",
    kind: "vps",
    category: "vps",
    description: "Entry cloud server on AMD EPYC with NVMe storage.",
    specs: { cpu: "2 vCPU", ram: "4 GB", storage: "80 GB NVMe", traffic: "20 TB", vcpus: 2, memoryMb: 4096, diskGb: 80, ipv4: 1 },
    snapshotLimit: 1,
    // Semi-annual deliberately not sold on the smallest plan.
    prices: { monthly: "6.5000", quarterly: "18.9000", annually: "70.2000", hourly: "0.0099" },
    locations: VPS_LOCATIONS,
    osImages: LINUX,
  },
  {
    slug: "vps-m",
    name: "VPS M",
    kind: "vps",
    category: "vps",
    description: "Balanced cloud server for web applications and databases.",
    specs: { cpu: "4 vCPU", ram: "8 GB", storage: "160 GB NVMe", traffic: "20 TB", vcpus: 4, memoryMb: 8192, diskGb: 160, ipv4: 1 },
    snapshotLimit: 3,
    prices: { monthly: "12.9000", quarterly: "37.5000", semi_annually: "73.5000", annually: "139.3000", hourly: "0.0195" },
    locations: VPS_LOCATIONS,
    osImages: ALL_IMAGES,
  },
  {
    slug: "vps-l",
    name: "VPS L",
    kind: "vps",
    category: "vps",
    description: "Large cloud server for busy sites, CI runners and small clusters.",
    specs: { cpu: "8 vCPU", ram: "16 GB", storage: "320 GB NVMe", traffic: "20 TB", vcpus: 8, memoryMb: 16384, diskGb: 320, ipv4: 1 },
    snapshotLimit: 5,
    prices: { monthly: "24.9000", quarterly: "72.4000", semi_annually: "141.9000", annually: "268.9000", hourly: "0.0375" },
    locations: VPS_LOCATIONS,
    osImages: ALL_IMAGES,
  },
  {
    slug: "ds-xeon-e2388g",
    name: "Dedicated Xeon E-2388G",
    kind: "dedicated",
    category: "dedicated",
    description: "Single-socket server with 8 cores at up to 5.1 GHz, ECC memory and NVMe RAID 1.",
    specs: { cpu: "Intel Xeon E-2388G, 8 cores / 16 threads", ram: "64 GB DDR4 ECC", storage: "2 × 960 GB NVMe (RAID 1)", port: "1 Gbit/s", traffic: "Unmetered" },
    setupFee: "49.0000",
    prices: { monthly: "119.0000", quarterly: "346.0000", semi_annually: "678.0000", annually: "1285.0000" },
    locationRequired: true,
    locations: [
      { value: "ams1", capacity: 4, surchargeMonthly: "0.0000" },
      { value: "fra1", capacity: 3, surchargeMonthly: "5.0000" },
      { value: "hel1", capacity: 2, surchargeMonthly: "0.0000" },
    ],
    osImages: ALL_IMAGES,
  },
  {
    slug: "ds-epyc-7443p",
    name: "Dedicated EPYC 7443P",
    kind: "dedicated",
    category: "dedicated",
    description: "24-core AMD EPYC server with 256 GB of memory for virtualisation and databases.",
    specs: { cpu: "AMD EPYC 7443P, 24 cores / 48 threads", ram: "256 GB DDR4 ECC", storage: "2 × 3.84 TB NVMe (RAID 1)", port: "10 Gbit/s", traffic: "Unmetered" },
    setupFee: "99.0000",
    prices: { monthly: "289.0000", quarterly: "841.0000", semi_annually: "1647.0000", annually: "3121.0000" },
    locationRequired: true,
    locations: [
      { value: "fra1", capacity: 2, surchargeMonthly: "0.0000" },
      { value: "ams1", capacity: 1, surchargeMonthly: "15.0000", surchargeSetup: "50.0000" },
    ],
    osImages: ALL_IMAGES,
  },
  {
    slug: "game-minecraft-8gb",
    name: "Minecraft Java 8 GB",
    kind: "game",
    category: "game-servers",
    description: "Minecraft Java server (flying-squid) with a live console, file manager and SFTP access.",
    specs: { cpu: "4 vCPU", ram: "8 GB", storage: "50 GB NVMe", game: "minecraft-java", slots: 40, template: "minecraft-flying-squid", memoryMb: 8192, diskGb: 50 },
    prices: { monthly: "14.9000", quarterly: "43.4000", semi_annually: "84.9000", annually: "160.9000", hourly: "0.0229" },
    locations: [{ value: "fra1", capacity: 50 }],
  },
  {
    slug: "game-nodejs-1gb",
    name: "Node.js app 1 GB",
    kind: "game",
    category: "game-servers",
    description: "Runs your own Node.js app (upload index.js) with a live console, file manager and SFTP access.",
    specs: { cpu: "1 vCPU", ram: "1 GB", storage: "5 GB NVMe", game: "nodejs", template: "nodejs-app", memoryMb: 1024, diskGb: 5 },
    prices: { monthly: "2.9000", quarterly: "8.4000", semi_annually: "16.5000", annually: "31.3000", hourly: "0.0045" },
    locations: [{ value: "fra1", capacity: 100 }],
  },
  {
    slug: "ip-transit-1g",
    name: "IP transit 1 Gbit/s",
    kind: "ip_transit",
    category: "network",
    description: "1 Gbit/s port with a 500 Mbit/s commit billed at the 95th percentile, BGP session included.",
    specs: { port: "1 Gbit/s", commit: "500 Mbit/s", billing: "95th percentile", bgp: "IPv4 and IPv6 sessions" },
    setupFee: "150.0000",
    prices: { monthly: "249.0000", quarterly: "724.0000", semi_annually: "1419.0000", annually: "2689.0000" },
    locationRequired: true,
    locations: [
      { value: "ams1", capacity: 10, surchargeMonthly: "0.0000" },
      { value: "fra1", capacity: 10, surchargeMonthly: "0.0000" },
    ],
  },
  {
    slug: "colo-1u",
    name: "Colocation 1U",
    kind: "colocation",
    category: "colocation",
    description: "1U of rack space with 1 A at 230 V, a 1 Gbit/s port and remote hands on request.",
    specs: { space: "1U", power: "1 A / 230 V", port: "1 Gbit/s", ipv4: 1 },
    setupFee: "99.0000",
    prices: { monthly: "59.0000", quarterly: "171.7000", semi_annually: "336.3000", annually: "637.2000" },
    locationRequired: true,
    locations: [
      { value: "ams1", capacity: 20, surchargeMonthly: "0.0000" },
      { value: "fra1", capacity: 10, surchargeMonthly: "10.0000", surchargeSetup: "25.0000" },
    ],
  },
];

/** Supplier upgrade paths (change-package works only along these). */
export const DEMO_UPGRADE_PATHS: [from: string, to: string][] = [
  ["vps-s", "vps-m"],
  ["vps-s", "vps-l"],
  ["vps-m", "vps-l"],
];
