import { cn } from "@/components/ui/cn";

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2 font-semibold tracking-tight text-neutral-900", className)}>
      <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
        <rect x="2" y="2" width="20" height="20" rx="5" className="fill-neutral-900" />
        <rect x="6.5" y="7" width="11" height="3" rx="1" className="fill-white" />
        <rect x="6.5" y="12" width="11" height="3" rx="1" className="fill-white/60" />
        <circle cx="15.5" cy="8.5" r=".9" className="fill-emerald-500" />
      </svg>
      Rackfront
    </span>
  );
}
