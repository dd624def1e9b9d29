import { homedir } from 'node:os';
import { join } from 'node:path';

/** $EXAMINER_DATA_DIR, else the XDG data home's examiner folder. */
export function resolveDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.EXAMINER_DATA_DIR) return env.EXAMINER_DATA_DIR;
  const dataHome = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(dataHome, 'examiner');
}

/** $EXAMINER_PORT, else 0 (any free port). */
export function resolvePort(env: NodeJS.ProcessEnv = process.env): number {
  const port = Number(env.EXAMINER_PORT ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`EXAMINER_PORT must be a port number, not "${env.EXAMINER_PORT}"`);
  }
  return port;
}
