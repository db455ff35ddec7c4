/** The run was taken over by another runner (our lease expired); whatever we were doing is dropped. */
export class LeaseLostError extends Error {
  override name = "LeaseLostError";
  constructor(runId: string) {
    super(`Lost the lease on run ${runId}`);
  }
}
