"use server";

import { revalidatePath } from "next/cache";
import { runAction, type FormActionState } from "@/lib/actions/action-result";
import { requireCustomer } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { applyForResellerProgramme, ONLY_THE_OWNER_APPLIES } from "@/lib/resellers/apply-for-reseller-programme";

const field = (formData: FormData, name: string) => String(formData.get(name) ?? "");

/** The application form: the domain checks who may apply and every field. */
export async function applyAction(_prev: FormActionState, formData: FormData): Promise<FormActionState> {
  const values = { website: field(formData, "website"), monthlyVolume: field(formData, "monthlyVolume"), message: field(formData, "message") };
  return runAction(
    async () => {
      const viewer = await requireCustomer();
      const accountId = viewer.customer?.accountId;
      if (!accountId) throw new DomainError("forbidden", ONLY_THE_OWNER_APPLIES);
      await applyForResellerProgramme({ db: getDb(), now: new Date(), actor: { userId: viewer.user.id, accountId } }, values);
      revalidatePath("/reseller-programme");
      return "Application sent. The supplier reviews it; this page shows where it stands.";
    },
    { log: "[panel] reseller application failed", values },
  );
}
