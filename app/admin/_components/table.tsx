import { cn } from "@/components/ui/cn";
import { ScrollBox } from "@/components/ui/scroll-box";

/** The console's tables: header row on a grey band, rows divided, scrolling sideways on small screens. */
export function Table({ head, children, label }: { head: React.ReactNode[]; children: React.ReactNode; label: string }) {
  return (
    <ScrollBox label={label}>
      <table className="w-full text-left text-sm" aria-label={label}>
        <thead className="border-y border-neutral-100 bg-neutral-50 text-xs font-medium text-neutral-500">
          <tr>
            {head.map((h, i) => (
              <th key={i} scope="col" className={cn("px-3 py-2 first:pl-5 last:pr-5", typeof h === "string" && h.startsWith("\u200b") && "text-right")}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100">{children}</tbody>
      </table>
    </ScrollBox>
  );
}

export function Td({ children, className }: { children?: React.ReactNode; className?: string }) {
  return <td className={cn("px-3 py-2.5 align-top first:pl-5 last:pr-5", className)}>{children}</td>;
}

export const linkClass = "font-medium text-neutral-900 underline underline-offset-2";
