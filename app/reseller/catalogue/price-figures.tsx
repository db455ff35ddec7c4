import { formatUnitMoney } from "@/lib/format/format-unit-money";
import type { WholesaleCycleRow } from "@/lib/catalogue/get-wholesale-price-sheet";
import { describePriceRule, type PriceRuleContext } from "@/lib/pricing";

/** One cycle of the price list: the reseller's price, the rule that produced it, retail beside it. */
export function WholesaleCell({ row, currency, ctx }: { row: WholesaleCycleRow; currency: string; ctx: PriceRuleContext }) {
  if (!row.wholesale) {
    return <span className="text-xs text-neutral-400">Not sold</span>;
  }
  return (
    <div className="space-y-0.5">
      <div className="font-semibold text-neutral-900 tabular-nums" data-testid={`wholesale-${row.cycle}`}>
        {formatUnitMoney(row.wholesale.amount, currency)}
      </div>
      <div className="text-xs text-neutral-600" data-testid={`rule-${row.cycle}`}>
        {describePriceRule(row.wholesale.rule, ctx)}
      </div>
      <div className="text-xs text-neutral-500 tabular-nums">
        {row.retail ? <>Retail {formatUnitMoney(row.retail.amount, currency)}</> : "Not sold at retail"}
      </div>
    </div>
  );
}
