import { z } from "zod";

export const lifecycleResultSchema = z.object({
  serviceId: z.string(),
  status: z.enum(["suspended", "active", "terminated"]),
  actions: z.array(z.string()).describe("Provider-side steps taken"),
  alreadyTerminated: z.boolean().optional().describe("Terminate only"),
});
