import { DISPLAY_LOCALE } from "./display-locale";

const REGIONS = new Intl.DisplayNames(DISPLAY_LOCALE, { type: "region", fallback: "code" });

/** "United Kingdom" for "GB" (ISO 3166-1 alpha-2, as ClientAccount.country); the code itself when it is not one. */
export function formatCountry(code: string): string {
  try {
    return REGIONS.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
