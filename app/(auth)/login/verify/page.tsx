import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getPendingSecondFactor } from "@/lib/auth/sign-in-flow";
import { VerifyForm } from "./verify-form";
import { pageTitle } from "@/components/layout/page-title";

export const metadata: Metadata = { title: pageTitle("Two-factor authentication") };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function VerifyPage({ searchParams }: { searchParams: SearchParams }) {
  // Only someone who just passed the password step has this (signed, short-lived) cookie.
  if (!(await getPendingSecondFactor())) redirect("/login?expired=1");
  const { callbackUrl } = await searchParams;

  return <VerifyForm callbackUrl={typeof callbackUrl === "string" ? callbackUrl : null} />;
}
