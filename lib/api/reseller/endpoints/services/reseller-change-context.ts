import type { Db } from "@/lib/db/client";
import type { ServiceChangeContext } from "@/lib/services/changes/service-change-context";
import type { ResellerAuth } from "../../reseller-auth";
import { resellerServiceContext } from "./reseller-service-scope";

/** The change operations' context for a reseller request: the key's service scope, the reseller paying at wholesale (a bound key's customer recorded on the change). */
export const resellerChangeContext = (auth: ResellerAuth, db: Db, now: Date): ServiceChangeContext => ({
  ...resellerServiceContext(auth, db, now),
  buyer: { kind: "reseller", resellerId: auth.resellerId, boundCustomerId: auth.customerId },
});
