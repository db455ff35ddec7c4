"use client";

import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { useFormStatus } from "react-dom";
import { cn } from "@/components/ui/cn";
import { ChevronDownIcon, LogOutIcon, ShieldIcon, UserIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { signOutAction } from "./sign-out-action";

function initials(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length ? words.slice(0, 2).map((w) => w[0]) : [email[0]];

  return letters.join("").toUpperCase();
}

const itemClasses = "flex w-full items-center gap-2 rounded-md px-2.5 py-1.5 text-left text-sm text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900 focus:bg-neutral-100 focus:outline-none";

function SignOutItem() {
  const { pending } = useFormStatus();

  return (
    <button type="submit" role="menuitem" className={itemClasses} disabled={pending}>
      {pending ? <Spinner /> : <LogOutIcon />}
      {pending ? "Signing out…" : "Sign out"}
    </button>
  );
}

/** The user's name with a menu: profile, security settings and sign-out. Escape and outside clicks close it. */
export function AccountMenu({ name, email }: { name: string; email: string }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    ref.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus();

    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div ref={ref} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm text-neutral-700 hover:bg-neutral-100"
      >
        <span className="flex size-7 items-center justify-center rounded-full bg-neutral-900 text-xs font-semibold text-white">{initials(name, email)}</span>
        <span className="hidden max-w-40 truncate font-medium sm:inline">{name || email}</span>
        <ChevronDownIcon className={cn("size-4 text-neutral-400 transition-transform", open && "rotate-180")} />
        <span className="sr-only">Account menu</span>
      </button>
      {open && (
        <div id={menuId} role="menu" aria-label="Account" className="absolute right-0 z-20 mt-2 w-64 rounded-lg border border-neutral-200 bg-white p-1.5 shadow-lg">
          <div className="px-2.5 py-2">
            <p className="truncate text-sm font-medium text-neutral-900">{name}</p>
            <p className="truncate text-xs text-neutral-500">{email}</p>
          </div>
          <div className="my-1 border-t border-neutral-100" />
          <Link href="/account/profile" role="menuitem" className={itemClasses} onClick={() => setOpen(false)}>
            <UserIcon />
            Profile
          </Link>
          <Link href="/account/security" role="menuitem" className={itemClasses} onClick={() => setOpen(false)}>
            <ShieldIcon />
            Security
          </Link>
          <form action={signOutAction}>
            <SignOutItem />
          </form>
        </div>
      )}
    </div>
  );
}
