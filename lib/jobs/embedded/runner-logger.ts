export type RunnerLogger = Pick<Console, "info" | "warn" | "error">;
