export function EmptyState({ icon, title, children }: { icon?: React.ReactNode; title: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center px-6 py-8 text-center">
      {icon && <div className="mb-3 flex size-10 items-center justify-center rounded-full bg-neutral-100 text-neutral-500">{icon}</div>}
      <p className="text-sm font-medium text-neutral-900">{title}</p>
      {children && <div className="mt-1 max-w-sm text-sm text-neutral-500">{children}</div>}
    </div>
  );
}
