import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { serverReadyPort } from '../../../src/shared/server-ready';
import { ROOT } from './environment';

/**
 * The real scoring server behind a gate the test can close and open: while closed, every
 * connection is cut, as when the server is down; while open, requests pass through unchanged.
 */
export interface SwitchableServer {
  url: string;
  key: string;
  setUp: (up: boolean) => void;
  stop: () => Promise<void>;
}

export async function startSwitchableServer(): Promise<SwitchableServer> {
  const key = 'e2e-queue-key-0123456789';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', '--port', '0'], {
    cwd: ROOT,
    env: { ...process.env, EXAMINER_API_KEYS: key },
  });
  const port = await readyPort(child);
  let up = false;
  const gate: Server = createServer((incoming, outgoing) => {
    if (!up) {
      incoming.socket.destroy();
      return;
    }
    const forwarded = request(
      {
        host: '127.0.0.1',
        port,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
  const { port: gatePort } = gate.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${gatePort}`,
    key,
    setUp: (value) => {
      up = value;
    },
    stop: async () => {
      gate.closeAllConnections();
      await new Promise<void>((resolve) => gate.close(() => resolve()));
      child.kill('SIGTERM');
    },
  };
}

function readyPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the scoring server did not start')), 60_000);
    child.once('exit', (code) => reject(new Error(`the scoring server exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const port = serverReadyPort(line);
      if (port === null) return;
      clearTimeout(timer);
      resolve(port);
    });
  });
}
