import type { Db, DbOrTx } from "./client";

/**
 * What a domain function takes first: the database (or transaction) it works in, the moment it acts
 * at, and who acts. Its input comes second: `(ctx, input)`. The tenant check happens inside the
 * function, against `ctx.actor`; nothing reads a process-wide database or clock
 * (docs/architecture.md, "Layers"). `D` is `Db` for a function that opens its own transaction.
 */
export interface DomainContext<Actor, D extends DbOrTx = DbOrTx> {
  db: D;
  now: Date;
  actor: Actor;
}

export type TransactingContext<Actor> = DomainContext<Actor, Db>;
