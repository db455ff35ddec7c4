import type { Metadata } from "next";
import { pageTitle } from "@/components/layout/page-title";
import { ForgotPasswordForm } from "./forgot-password-form";

export const metadata: Metadata = { title: pageTitle("Reset your password") };

export default function ForgotPasswordPage() {
  return <ForgotPasswordForm />;
}
