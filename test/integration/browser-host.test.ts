import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { UserFacingError } from '../../src/main/core/api-dispatch';
import type { AppCore, AppEventListener } from '../../src/main/core/app-core';
import { resolveDataDir, resolvePort } from '../../src/main/browser-host/data-dir';
import { startHostServer, type HostServer } from '../../src/main/browser-host/host-server';

const TOKEN = 'test-token-0123456789';
const POLICY = "default-src 'self'; script-src 'self'";

function fakeCore() {
  const listeners = new Set<AppEventListener>();
  const core: AppCore = {
    async dispatch(method, input) {
      if (method === 'app.info') return { echoed: input };
      throw new UserFacingError('Unknown action.', method);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {},
  };
  return {
    core,
    emit: (id: number) => listeners.forEach((listener) => listener('attempt.deleted', { id })),
  };
}

describe('browser host server', () => {
  let rendererDir: string;
  let server: HostServer;
  let base: string;
  const events = fakeCore();

  beforeAll(async () => {
    rendererDir = mkdtempSync(join(tmpdir(), 'examiner-renderer-'));
    writeFileSync(
      join(rendererDir, 'index.html'),
      `<meta http-equiv="Content-Security-Policy" content="${POLICY}" /><div id="root"></div>`,
    );
    server = await startHostServer({ core: events.core, rendererDir, token: TOKEN, port: 0 });
    base = `http://127.0.0.1:${server.port}`;
  });

  afterAll(async () => {
    await server.close();
    rmSync(rendererDir, { recursive: true, force: true });
  });

  const call = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/call`, {
      method: 'POST',
      headers: { origin: base, 'x-examiner-token': TOKEN, ...headers },
      body: JSON.stringify(body),
    });

  it('puts the token in the fragment of the URL it prints', () => {
    expect(server.url).toBe(`${base}/#token=${TOKEN}`);
  });

  it('serves the renderer with the CSP that its index.html declares', async () => {
    const response = await fetch(`${base}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(
      `${POLICY}; frame-ancestors 'none'`,
    );
    expect((await fetch(`${base}/history`)).status).toBe(200);
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${base}/..%2f..%2fetc%2fpasswd.js`)).status).toBe(404);
  });

  it('forwards a call with the right token and origin to AppCore', async () => {
    const response = await call({ method: 'app.info', input: { a: 1 } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ echoed: { a: 1 } });
  });

  it('returns failures in the ApiFailure shape', async () => {
    const response = await call({ method: 'nope', input: {} });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Unknown action.', detail: 'nope' });
  });

  it('rejects a wrong token with 401', async () => {
    expect((await call({ method: 'app.info' }, { 'x-examiner-token': 'wrong' })).status).toBe(401);
    expect((await call({ method: 'app.info' }, { 'x-examiner-token': '' })).status).toBe(401);
  });

  it('rejects a foreign Origin or Host (DNS rebinding) with 403', async () => {
    expect((await call({ method: 'app.info' }, { origin: 'http://evil.example' })).status).toBe(
      403,
    );
    const rebound = await new Promise<number>((resolve) => {
      const socket = new WebSocket(`ws://127.0.0.1:${server.port}/api/events?token=${TOKEN}`, {
        headers: { host: `evil.example:${server.port}` },
        origin: base,
      });
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => resolve(101));
    });
    expect(rebound).toBe(403);
  });

  it('sends AppCore events over the WebSocket only with the token', async () => {
    const refused = await new Promise<number>((resolve) => {
      const socket = new WebSocket(`ws://127.0.0.1:${server.port}/api/events?token=wrong`, {
        origin: base,
      });
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    });
    expect(refused).toBe(401);

    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/api/events?token=${TOKEN}`, {
      origin: base,
    });
    await new Promise((resolve) => socket.once('open', resolve));
    const message = new Promise<string>((resolve) =>
      socket.once('message', (data) => resolve(String(data))),
    );
    events.emit(7);
    expect(JSON.parse(await message)).toEqual({ event: 'attempt.deleted', payload: { id: 7 } });
    socket.close();
  });

  it('drops a page that sends an oversized WebSocket message and keeps serving', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/api/events?token=${TOKEN}`, {
      origin: base,
    });
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('open', resolve));
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    socket.send('x'.repeat(4096));
    expect(await closed).toBe(1009);
    expect((await call({ method: 'app.info', input: {} })).status).toBe(200);
  });
});

describe('browser host settings', () => {
  it('keeps data in $EXAMINER_DATA_DIR, else under the XDG data home', () => {
    expect(resolveDataDir({ EXAMINER_DATA_DIR: '/data/x' })).toBe('/data/x');
    expect(resolveDataDir({ XDG_DATA_HOME: '/xdg' })).toBe('/xdg/examiner');
  });

  it('reads the port from $EXAMINER_PORT and refuses nonsense', () => {
    expect(resolvePort({})).toBe(0);
    expect(resolvePort({ EXAMINER_PORT: '8123' })).toBe(8123);
    expect(() => resolvePort({ EXAMINER_PORT: 'http' })).toThrow(/EXAMINER_PORT/);
  });
});
