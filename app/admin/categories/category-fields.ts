import type { FieldSpec } from "@/app/admin/_components/admin-form";
import { CYCLE_LABEL } from "@/lib/catalogue/admin/cycle-price-fields";
import { disabledCycleField } from "@/lib/catalogue/admin/save-category";
import { BILLING_CYCLES } from "@/lib/pricing/billing-cycles";

export const categoryFields: FieldSpec[] = [
  { name: "name", label: "Name", placeholder: "Cloud servers" },
  { name: "slug", label: "Slug", placeholder: "vps" },
  { name: "sortOrder", label: "Position", type: "number" },
  ...BILLING_CYCLES.map((c, i) => ({
    name: disabledCycleField(c),
    label: `Never sell ${CYCLE_LABEL[c].toLowerCase()}`,
    type: "checkbox" as const,
    group: i === 0 ? "Cycles not sold at retail in this category" : undefined,
  })),
];
