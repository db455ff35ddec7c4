import { z } from "zod";

// Runs in the browser before the app's modules (Next.js instrumentation-client). The portal's CSP
// forbids eval (docs/decisions.md#r13); zod 4 probes for it with `new Function("")` whenever an
// object schema is built, and the browser reports each refused probe as a CSP violation. jitless
// skips the probe; browser-side validation of small forms gains nothing from compiled parsers.
z.config({ jitless: true });
