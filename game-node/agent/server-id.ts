// Server ids are the portal's uuids. Checking the form before anything else keeps an id from ever
// naming a path (`..`, `/`) under the data directory; anything else is answered 404.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Lowercase uuids only: one spelling per server, so one file and one folder per server. */
export function isServerId(value: string): boolean {
  return UUID.test(value);
}
