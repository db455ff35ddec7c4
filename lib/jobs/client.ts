import { createInngestClient } from "./create-inngest-client";

/** The app's Inngest client: `inngest.send(...)` and `inngest.createFunction(...)`. */
export const inngest = createInngestClient();
