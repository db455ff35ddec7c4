import { DISPLAY_LOCALE } from "./display-locale";
/** "€" for EUR, "US$" or "$" for USD as the locale writes it: the symbol a money field's label shows. */
export function currencySymbol(currency: string, locale = DISPLAY_LOCALE): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency }).formatToParts(0).find((p) => p.type === "currency")?.value ?? currency;
}
