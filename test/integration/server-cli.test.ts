import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';

const TSX = join('node_modules', '.bin', 'tsx');
const CLI = join('src', 'server', 'cli.ts');
const READY_LINE = /^EXAMINER_SERVER_READY \{"port":(\d+)\}$/u;

const children: ChildProcess[] = [];

function start(args: string[], env: Record<string, string> = {}) {
  const child = spawn(TSX, [CLI, ...args], {
    env: { ...process.env, EXAMINER_API_KEYS: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const stdout: string[] = [];
  const lines = createInterface({ input: child.stdout! });
  const ready = new Promise<number>((resolve, reject) => {
    lines.on('line', (line) => {
      stdout.push(line);
      const match = READY_LINE.exec(line);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before ready`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, ready, exited, stdout, stderr: () => stderr };
}

async function wfd(port: number, key: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/exam/listening/wfd`, {
    method: 'POST',
    headers: { authorization: key, 'content-type': 'application/json' },
    body: JSON.stringify({ question: 'Hello there', responseUser: 'hello there' }),
  });
  await response.body?.cancel();
  return response.status;
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('serve command', () => {
  it('prints only the ready line on stdout, serves, and exits cleanly on SIGTERM', async () => {
    const server = start(['--port', '0'], { EXAMINER_API_KEYS: 'alpha, beta' });
    const port = await server.ready;
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/health`)).status, {
        timeout: 30_000,
      })
      .toBe(200);
    expect(await wfd(port, 'beta')).toBe(200);
    expect(await wfd(port, 'gamma')).toBe(401);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.stdout).toEqual([`EXAMINER_SERVER_READY {"port":${port}}`]);
    expect(server.stderr()).not.toContain('beta');
  });

  it('reads keys from a file, skipping comments and blank lines', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'examiner-keys-')), 'keys.txt');
    writeFileSync(file, '# staff keys\nkey-one\n\n  key-two  \n# key-three\n');
    const server = start(['--port', '0', '--keys', file, '--rate-limit', '0']);
    const port = await server.ready;
    expect(await wfd(port, 'key-two')).toBe(200);
    expect(await wfd(port, '# key-three')).toBe(401);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('refuses to start without keys', async () => {
    const server = start(['--port', '0']);
    await expect(server.ready).rejects.toThrow('exited with 1');
    expect(server.stderr()).toContain('no API keys');
  });
});
