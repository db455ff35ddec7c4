import type { FieldSpec } from "./admin-form";
import { cyclePriceFields } from "@/app/admin/products/product-fields";

export function optionFields(currency: string): FieldSpec[] {
  return [
    { name: "name", label: "Name", placeholder: "Extra IPv4 address" },
    { name: "slug", label: "Slug", placeholder: "extra-ipv4" },
    {
      name: "pricingType",
      label: "Billing",
      type: "select",
      options: [
        { value: "recurring", label: "Recurring (every cycle)" },
        { value: "one_time", label: "One-time (billed once)" },
      ],
    },
    { name: "maxQuantity", label: "Maximum quantity", type: "number", placeholder: "No limit", hint: "Per service. Blank = no limit." },
    { name: "description", label: "Description", type: "textarea", wide: true },
    ...cyclePriceFields(currency, "Recurring prices").map((f) =>
      f.name === "price_monthly" ? { ...f, hint: "Other cycles without their own price derive from it (× months; / 720 per hour)." } : f,
    ),
    { name: "setupFee", label: `Setup fee (${currency})`, type: "money", placeholder: "None", hint: "Recurring options only." },
    { name: "oneTimePrice", label: `One-time price (${currency})`, type: "money", placeholder: "—", hint: "One-time options only: billed once on the setup side." },
    { name: "active", label: "Active", type: "checkbox", hint: "Inactive options cannot be ordered anywhere.", group: "Availability" },
  ];
}

export const locationFields: FieldSpec[] = [
  { name: "name", label: "Name", placeholder: "Amsterdam" },
  { name: "value", label: "Value code", placeholder: "ams1", hint: "What orders send as location. Unique; lower-case letters, digits, dashes." },
  { name: "countryCode", label: "Country code", placeholder: "NL", hint: "ISO 3166-1 alpha-2." },
  { name: "flag", label: "Flag", placeholder: "🇳🇱", hint: "Blank = the country's flag." },
  { name: "sortOrder", label: "Position", type: "number" },
  { name: "enabled", label: "Enabled", type: "checkbox", hint: "A disabled location sells nothing." },
];

export const osImageFields: FieldSpec[] = [
  { name: "name", label: "Name", placeholder: "Ubuntu 24.04 LTS" },
  { name: "slug", label: "Slug", placeholder: "ubuntu-24-04" },
  { name: "family", label: "Family", placeholder: "linux" },
  { name: "distro", label: "Distribution", placeholder: "ubuntu" },
  { name: "version", label: "Version", placeholder: "24.04" },
  { name: "logoUrl", label: "Logo URL", placeholder: "Optional" },
  { name: "orderable", label: "Orderable (order gate)", type: "checkbox", hint: "Offered at checkout. Off = reinstall-only." },
  { name: "enabled", label: "Enabled", type: "checkbox", hint: "A disabled image is gone for every purpose." },
];
