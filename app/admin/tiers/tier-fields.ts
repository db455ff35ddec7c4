import type { FieldSpec } from "@/app/admin/_components/admin-form";
import { categoryField } from "@/lib/pricing/admin/save-tier";

export function tierFields(categories: { id: string; name: string }[], currency: string): FieldSpec[] {
  return [
    { name: "name", label: "Name", placeholder: "Silver" },
    { name: "sortOrder", label: "Position in the ladder", type: "number", hint: "Equal thresholds: the later position wins." },
    { name: "minMonthlyRunRate", label: `Threshold: monthly run-rate from (${currency})`, type: "money", hint: "A reseller reaches the tier at exactly this run-rate." },
    { name: "defaultDiscountPercent", label: "Default discount (%)", type: "money", hint: "Off retail, when the category has no discount of its own." },
    ...categories.map((c, i) => ({
      name: categoryField(c.id),
      label: `${c.name} (%)`,
      type: "money" as const,
      placeholder: "Default",
      hint: "Blank = the tier's default.",
      group: i === 0 ? "Discount per category" : undefined,
    })),
  ];
}
