/**
 * What `zod` means in the browser build (vite.config.ts aliases it here): zod itself, switched to
 * its jitless mode before any schema exists. Otherwise zod probes `new Function('')` when the
 * first object schema is built, and the page's Content-Security-Policy (no 'unsafe-eval') reports
 * that probe as an error on every load, although zod catches it.
 */
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z };
export default z;
