import type { FieldSpec } from "@/app/admin/_components/admin-form";
import { PRODUCT_KIND_NOUN } from "@/lib/catalogue/product-kind-backends";
import { CYCLE_LABEL, priceField } from "@/lib/catalogue/admin/cycle-price-fields";
import { PRODUCT_KINDS } from "@/lib/catalogue/admin/save-product";
import { BILLING_CYCLES } from "@/lib/pricing/billing-cycles";

/** A product kind as the console names it: the catalogue's own nouns. */
export const KIND_LABEL: Record<string, string> = PRODUCT_KIND_NOUN;

export function cyclePriceFields(currency: string, group = "Retail prices"): FieldSpec[] {
  return BILLING_CYCLES.map((c, i) => ({
    name: priceField(c),
    label: `${CYCLE_LABEL[c]} (${currency})`,
    type: "money" as const,
    placeholder: "Not sold",
    hint: c === "hourly" ? "Per hour. Blank = not sold on this cycle." : "Blank = not sold on this cycle; 0 = free.",
    group: i === 0 ? group : undefined,
  }));
}

export function productFields(categories: { id: string; name: string }[], currency: string): FieldSpec[] {
  return [
    { name: "name", label: "Name", placeholder: "VPS Small" },
    { name: "slug", label: "Slug", placeholder: "vps-small", hint: "Lower-case letters, digits and dashes; unique. Dedicated stock is matched on it unless specs name a hardwareSku." },
    {
      name: "categoryId",
      label: "Category",
      type: "select",
      options: [{ value: "", label: "No category" }, ...categories.map((c) => ({ value: c.id, label: c.name }))],
    },
    { name: "kind", label: "Kind", type: "select", options: PRODUCT_KINDS.map((k) => ({ value: k, label: KIND_LABEL[k] ?? k })) },
    { name: "description", label: "Description", type: "textarea", wide: true },
    {
      name: "specs",
      label: "Specs (JSON)",
      type: "textarea",
      wide: true,
      placeholder: '{"vcpus": 2, "memoryMb": 4096, "diskGb": 80, "cpu": "2 vCPU", "ram": "4 GB"}',
      hint: "A JSON object. VPS capacity reads vcpus, memoryMb, diskGb and ipv4; the rest is shown to customers.",
    },
    {
      name: "ipv6",
      label: "IPv6",
      type: "checkbox",
      hint: "VPS only: each server gets its own /64 from the location's IPv6 pools. A location with no free /64 cannot build the plan.",
    },
    ...cyclePriceFields(currency),
    { name: "setupFee", label: `Setup fee (${currency})`, type: "money", placeholder: "None", hint: "One-off, per service. Blank = none." },
    { name: "enabled", label: "On sale", type: "checkbox", hint: "Listed in the catalogue and orderable. Off = gone from both APIs (404).", group: "Availability" },
    { name: "forcedUnavailable", label: "Show as unavailable", type: "checkbox", hint: "Stays listed but answers forced_unavailable." },
    { name: "locationRequired", label: "Order must name a datacentre", type: "checkbox", hint: "For products priced per location." },
    { name: "snapshotLimit", label: "Snapshots per VPS", type: "number", hint: "0 = none." },
    { name: "sortOrder", label: "Position", type: "number", hint: "Lower first in the catalogue." },
  ];
}
