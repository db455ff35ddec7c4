import Link from "next/link";
import { buttonClasses } from "@/components/ui/button-classes";

/** The buttons of the "No API keys yet" state: create the first key (when allowed) and the API reference. */
export function NoKeysActions({ createHref, docsHref }: { createHref: string | null; docsHref: string }) {
  return (
    <div className="mt-4 flex flex-wrap justify-center gap-2">
      {createHref && (
        <Link href={createHref} className={buttonClasses()}>
          Create your first key
        </Link>
      )}
      <a href={docsHref} className={buttonClasses({ variant: "secondary" })}>
        Read the API reference
      </a>
    </div>
  );
}
