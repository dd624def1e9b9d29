/**
 * Entry of `npm run serve` and of the app's embedded engine. Signals are taken from the first
 * instant, before the server's modules load: a SIGTERM during start-up ends the process with
 * status 0, like one at any other time, never by the signal's default action.
 */
import { fileURLToPath } from 'node:url';

const stop = new AbortController();
process.once('SIGTERM', () => stop.abort('SIGTERM'));
process.once('SIGINT', () => stop.abort('SIGINT'));
// Forked by the desktop app: when the parent goes away, so does the engine.
if (process.send) process.once('disconnect', () => stop.abort('parent disconnected'));

/** Under tsx the workers run from source; bundled, electron-vite emits them beside this file. */
const here = fileURLToPath(import.meta.url);
const workerEntry = here.endsWith('.ts')
  ? fileURLToPath(new URL('./workers/worker-main.ts', import.meta.url))
  : fileURLToPath(new URL('./scoring-worker.js', import.meta.url));

const { runServer } = await import('./cli-main.js');
await runServer(process.argv.slice(2), { workerEntry, stop: stop.signal });
