import { CUSTOMER_API_KEY_ROW_SELECT, customerApiKeyRow, type CustomerApiKeyRow } from "./customer-api-key-row";
import { resolveCustomerKeyActor, type CustomerApiKeyContext } from "./customer-key-actor";

/**
 * The account's customer API keys for the panel, newest first, revoked ones included (the page
 * shows them apart). The owner sees every key of the account; a team member only their own.
 */
export async function listCustomerApiKeys({ db, now, actor }: CustomerApiKeyContext): Promise<{ keys: CustomerApiKeyRow[]; isOwner: boolean }> {
  const resolved = await resolveCustomerKeyActor(db, actor);
  const rows = await db.customerApiKey.findMany({
    where: { accountId: actor.accountId, ...(resolved.isOwner ? {} : { userId: actor.userId }) },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: CUSTOMER_API_KEY_ROW_SELECT,
  });

  return { keys: rows.map((row) => customerApiKeyRow(row, now)), isOwner: resolved.isOwner };
}
