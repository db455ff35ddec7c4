import { Inngest, type ClientOptions } from "inngest";
import { embeddedFetch } from "./embedded/embedded-fetch";
import { isInngestExternal } from "./is-inngest-external";

export const INNGEST_APP_ID = "rackfront";

/** Never resolved: every request the embedded client makes is answered by `embeddedFetch`. */
export const EMBEDDED_BASE_URL = "http://inngest.embedded.invalid";

/**
 * The Inngest client for this process. External mode reads INNGEST_* from the environment like any
 * Inngest app. Embedded mode is dev mode (the in-process runner signs nothing), without checkpointing
 * (that needs the Inngest API), and with a fetch that hands events and syncs to the runner.
 */
export function createInngestClient(env: Readonly<Record<string, string | undefined>> = process.env): Inngest<ClientOptions> {
  const options: ClientOptions = isInngestExternal(env)
    ? { id: INNGEST_APP_ID }
    : {
        id: INNGEST_APP_ID,
        isDev: true,
        checkpointing: false,
        baseUrl: EMBEDDED_BASE_URL,
        eventKey: "embedded",
        fetch: embeddedFetch,
      };
  return new Inngest(options);
}
