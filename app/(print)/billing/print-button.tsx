"use client";

import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";

/** Opens the browser's print dialog; with `auto`, once when the page has loaded (the document page's "Print"). */
export function PrintButton({ auto = false }: { auto?: boolean }) {
  const printed = useRef(false);
  useEffect(() => {
    if (!auto || printed.current) return;
    printed.current = true;
    window.print();
  }, [auto]);
  return <Button onClick={() => window.print()}>Print</Button>;
}
