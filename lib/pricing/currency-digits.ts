// The minor unit of a currency (ISO 4217): how many decimal places an amount in it may carry.
// No imports, so the formatters of client components can use it too.
//
// An explicit table rather than Intl: Intl's digits come from CLDR (HUF 0, where ISO 4217 says 2)
// and may change with the runtime's ICU data; what money is rounded to must not (docs/decisions.md).

/** ISO 4217 currencies whose minor unit is not 2 decimal places. */
const MINOR_UNIT_DIGITS: Readonly<Record<string, number>> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
  CLF: 4, UYW: 4,
};

const CURRENCY_CODE = /^[A-Z]{3}$/;

/**
 * Decimal places of the currency's minor unit: 2 for EUR, USD, GBP and every currency not listed
 * above, 0 for JPY, 3 for KWD. A string that is not a three-letter code is a data error and throws.
 */
export function minorUnitDigits(currency: string): number {
  if (!CURRENCY_CODE.test(currency)) throw new Error(`Not an ISO 4217 currency code: '${currency}'`);
  return MINOR_UNIT_DIGITS[currency] ?? 2;
}
