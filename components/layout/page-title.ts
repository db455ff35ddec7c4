import type { Metadata } from "next";

export const SITE_NAME = "Rackfront";
const SEPARATOR = " · ";

/**
 * A page's `<title>`, most specific first and the site last: `pageTitle("ux-test-1.example.com",
 * "Services")` is "ux-test-1.example.com · Services · Rackfront", `pageTitle("Services")` is
 * "Services · Rackfront". Empty parts (a service without a hostname yet) are left out.
 */
export function pageTitle(...parts: Array<string | null | undefined>): Metadata["title"] {
  return { absolute: [...parts.map((p) => p?.trim()).filter(Boolean), SITE_NAME].join(SEPARATOR) };
}
