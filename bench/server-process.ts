/**
 * The scoring server as the benches start it: Node with tsx's loader running the CLI, as the
 * app forks the built server (no tsx process in between), on a free port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { serverReadyPort } from '../src/shared/server-ready.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface Server {
  port: number;
  pid: number;
  /** SIGTERM; resolves to the exit code once the server has exited. */
  stop: () => Promise<number | null>;
}

/** Starts the server with these API keys and CLI arguments; resolves at its ready line. */
export function startServer(keys: readonly string[], args: readonly string[]): Promise<Server> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/server/cli.ts', '--port', '0', ...args],
    {
      cwd: ROOT,
      env: { ...process.env, EXAMINER_API_KEYS: keys.join(',') },
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const stop = async () => {
    child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolveStart, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const port = serverReadyPort(line);
      if (port !== null) resolveStart({ port, pid: child.pid!, stop });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/** The speech workers load after the ready line; measuring before they settle would mix the two. */
export async function waitUntilHealthy(port: number): Promise<void> {
  for (let attempt = 0; attempt < 1200; attempt++) {
    const response = await fetch(`http://127.0.0.1:${port}/health`);
    await response.body?.cancel();
    if (response.status === 200) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('server did not become healthy within 120 s');
}
