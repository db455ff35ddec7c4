import { cn } from "./cn";

/**
 * A wide table's own sideways scroller, so that on a phone the table scrolls and the page does not.
 * It takes focus and has a name so that a keyboard can scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollBox({ label, className, children }: { label: string; className?: string; children: React.ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={cn("overflow-x-auto focus-visible:outline-offset-[-2px]", className)}>
      {children}
    </div>
  );
}
