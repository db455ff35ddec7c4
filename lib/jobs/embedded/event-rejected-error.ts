/** An event refused for what it is (bad shape, reserved name); the fetch shim answers 400 for it. */
export class EventRejectedError extends Error {
  override name = "EventRejectedError";
}
