// A stand-in for src/server/cli.ts, forked by the app core in tests: same command line,
// READY line, /health and contract; it also reports its pid so a test can kill it.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serverReadyLine } from '../../src/shared/server-ready.js';
import { envelope, failure } from './main-fake-server.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    'audio-root': { type: 'string', multiple: true },
    'rate-limit': { type: 'string' },
    'log-level': { type: 'string' },
    'drain-seconds': { type: 'string' },
  },
});
const key = process.env.EXAMINER_API_KEYS;
const roots = values['audio-root'] ?? [];

function audioProblem(audioUrl: unknown): string | null {
  if (typeof audioUrl !== 'string' || !audioUrl.startsWith('file:')) return 'expected a file: URL';
  const path = fileURLToPath(audioUrl);
  if (!roots.some((root) => path.startsWith(`${root}/`))) return `outside the audio root: ${path}`;
  return readFileSync(path).length > 0 ? null : 'empty file';
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const send = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/health') return send(200, { status: 'ready', pid: process.pid });
    const fail = (status: number, code: string, message: string): void => {
      const reply = failure(status, code, message) as { body: string };
      send(status, JSON.parse(reply.body));
    };
    if (req.headers.authorization !== key) return fail(401, 'INVALID_API_KEY', 'bad key');
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
    if (req.url === '/exam/listening/wfd') return send(200, envelope('wfd'));
    const problem = audioProblem(body.audioUrl);
    if (problem) return fail(422, 'AUDIO_FETCH_FAILED', problem);
    send(200, envelope('rs', 4));
  });
});

server.listen(Number(values.port ?? 0), values.host ?? '127.0.0.1', () => {
  process.stdout.write(`${serverReadyLine((server.address() as AddressInfo).port)}\n`);
});
process.once('disconnect', () => process.exit(0));
process.once('SIGTERM', () => process.exit(0));
