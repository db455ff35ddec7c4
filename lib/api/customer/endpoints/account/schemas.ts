import { z } from "zod";

export const projectRefSchema = z.object({ id: z.string(), slug: z.string(), name: z.string() });
