"use server";

import { revalidatePath } from "next/cache";
import { saveEmailPreferences } from "@/lib/accounts/email-preferences";
import { runAction, type FormActionState } from "@/lib/actions/action-result";
import { requireViewer } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";

const PATH = "/account/security";

/** The Email notifications card: the ticked boxes (`receive`) are the optional emails the user gets. */
export async function saveEmailPreferencesAction(_prev: FormActionState, formData: FormData): Promise<FormActionState> {
  return runAction(
    async () => {
      const viewer = await requireViewer(PATH);
      const receive = formData.getAll("receive").filter((v): v is string => typeof v === "string");
      await saveEmailPreferences({ db: getDb(), now: new Date(), actor: { userId: viewer.user.id } }, { receive });
      revalidatePath(PATH);
      return "Email preferences saved.";
    },
    { log: "[account] saving email preferences failed", fullStop: true },
  );
}
