import type { FieldSpec } from "@/app/admin/_components/admin-form";

export function nodeFields(locations: { id: string; name: string; value: string }[], drivers: { name: string; kind: string }[], editing = false): FieldSpec[] {
  return [
    { name: "name", label: "Name", placeholder: "hv-ams1-03" },
    { name: "locationId", label: "Location", type: "select", options: locations.map((l) => ({ value: l.id, label: `${l.name} (${l.value})` })) },
    {
      name: "kind",
      label: "Kind",
      type: "select",
      options: [
        { value: "vps", label: "Hypervisor (VPS)" },
        { value: "dedicated", label: "BMC controller (dedicated servers)" },
      ],
      hint: editing ? "Fixed once the node exists." : undefined,
    },
    { name: "driver", label: "Driver", type: "select", options: drivers.map((d) => ({ value: d.name, label: `${d.name} (${d.kind === "vps" ? "hypervisor" : "BMC"})` })) },
    { name: "capacityVcpus", label: "Sellable vCPU", type: "number", hint: "After overcommit (e.g. 128 on a 32-core host at 4:1). Hypervisors only.", group: "Capacity" },
    { name: "capacityMemoryMb", label: "Memory (MB)", type: "number", hint: "Not overcommitted." },
    { name: "capacityDiskGb", label: "Disk (GB)", type: "number" },
    { name: "enabled", label: "Enabled", type: "checkbox", hint: "Disabled nodes take no new machines and count for no availability." },
  ];
}
