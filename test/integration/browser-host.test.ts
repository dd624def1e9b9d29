import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openAppWindow } from '../../src/main/browser-host/chromium';
import { UserFacingError } from '../../src/main/errors/user-facing-error';
import { HTTP_ROUTES } from '../../src/shared/host-channels';
import type { AppCore, AppEventListener } from '../../src/main/core/app-core';
import { resolveDataDir, resolvePort } from '../../src/main/browser-host/data-dir';
import {
  rememberedPort,
  rememberPort,
  sessionToken,
  writeLaunchPage,
} from '../../src/main/browser-host/host-files';
import { startHostServer, type HostServer } from '../../src/main/browser-host/host-server';

const TOKEN = 'test-token-0123456789abcdefghijklmnopqrstuvwxyzABCDEFGH';
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
  const COOKIE = `examiner_session=${TOKEN}`;

  beforeAll(async () => {
    rendererDir = mkdtempSync(join(tmpdir(), 'examiner-renderer-'));
    writeFileSync(
      join(rendererDir, 'index.html'),
      `<meta http-equiv="Content-Security-Policy" content="${POLICY}" /><div id="root"></div>`,
    );
    writeFileSync(join(rendererDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    server = await startHostServer({ core: events.core, rendererDir, token: TOKEN, port: 0 });
    base = `http://127.0.0.1:${server.port}`;
  });

  afterAll(async () => {
    await server.close();
    rmSync(rendererDir, { recursive: true, force: true });
  });

  const call = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${HTTP_ROUTES.call}`, {
      method: 'POST',
      headers: { origin: base, cookie: COOKIE, ...headers },
      body: JSON.stringify(body),
    });

  const signIn = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${HTTP_ROUTES.session}`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  function socketStatus(headers: Record<string, string>, host?: string): Promise<number> {
    return new Promise((resolve) => {
      const socket = new WebSocket(`ws://127.0.0.1:${server.port}${HTTP_ROUTES.events}`, {
        headers: { ...(host ? { host } : {}), ...headers },
        origin: base,
      });
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => {
        socket.close();
        resolve(101);
      });
    });
  }

  it('prints a signed-in link with the token in its fragment', () => {
    expect(server.url).toBe(`${base}/#token=${TOKEN}`);
  });

  it('shows a page that is not signed in how to open the app, and nothing of the app', async () => {
    for (const path of ['/', '/history', '/index.html']) {
      const response = await fetch(base + path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none'; /);
      const html = await response.text();
      expect(html).toContain('This window is not signed in to Examiner.');
      expect(html).toContain('start it with <code>npm start</code>');
      expect(html).toContain('<link rel="icon" href="/favicon.svg"');
      expect(html).not.toContain('id="root"');
    }
    expect((await fetch(`${base}/signin.js`)).status).toBe(200);
    expect((await fetch(`${base}/favicon.svg`)).headers.get('content-type')).toBe('image/svg+xml');
  });

  it('trades the token for an HttpOnly, SameSite=Strict session cookie', async () => {
    const response = await signIn({ token: TOKEN });
    expect(response.status).toBe(204);
    expect(response.headers.get('set-cookie')).toBe(
      `${COOKIE}; HttpOnly; SameSite=Strict; Path=/; Max-Age=31536000`,
    );
    expect((await signIn({ token: 'wrong' })).status).toBe(401);
    expect((await signIn('not an object')).status).toBe(401);
    expect((await signIn({ token: 'x'.repeat(4096) })).status).toBe(401);
    expect((await signIn({ token: TOKEN }, { origin: 'http://evil.example' })).status).toBe(403);
  });

  it('signs a window in once with a launch code, never twice', async () => {
    const code = new URL(server.launchUrl()).hash.replace('#launch=', '');
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(code).not.toContain(TOKEN);
    const first = await signIn({ launch: code });
    expect(first.status).toBe(204);
    expect(first.headers.get('set-cookie')).toMatch(new RegExp(`^${COOKIE}; HttpOnly`));
    expect((await signIn({ launch: code })).status).toBe(401);
    expect((await signIn({ launch: TOKEN })).status).toBe(401);
  });

  it('serves the renderer, with the CSP its index.html declares, to a signed-in window', async () => {
    const response = await fetch(`${base}/`, { headers: { cookie: COOKIE } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(
      `${POLICY}; frame-ancestors 'none'`,
    );
    expect(await response.text()).toContain('<div id="root">');
    expect((await fetch(`${base}/history`, { headers: { cookie: COOKIE } })).status).toBe(200);
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${base}/..%2f..%2fetc%2fpasswd.js`)).status).toBe(404);
  });

  it('forwards a call with the session cookie and the right origin to AppCore', async () => {
    const response = await call({ method: 'app.info', input: { a: 1 } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ echoed: { a: 1 } });
  });

  it('answers user-facing failures with 400 and the message', async () => {
    const response = await call({ method: 'nope' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Unknown action.', detail: 'nope' });
  });

  it('refuses calls without the cookie, and the token in a header no longer signs in', async () => {
    expect((await call({ method: 'app.info' }, { cookie: '' })).status).toBe(401);
    expect((await call({ method: 'app.info' }, { cookie: 'examiner_session=wrong' })).status).toBe(
      401,
    );
    const header = await call({ method: 'app.info' }, { cookie: '', 'x-examiner-token': TOKEN });
    expect(header.status).toBe(401);
  });

  it('rejects a foreign Origin or Host (DNS rebinding) with 403', async () => {
    expect((await call({ method: 'app.info' }, { origin: 'http://evil.example' })).status).toBe(
      403,
    );
    expect(await socketStatus({ cookie: COOKIE }, `evil.example:${server.port}`)).toBe(403);
  });

  it('sends AppCore events over the WebSocket only to a signed-in window', async () => {
    expect(await socketStatus({})).toBe(401);
    expect(await socketStatus({ cookie: 'examiner_session=wrong' })).toBe(401);

    const socket = new WebSocket(`ws://127.0.0.1:${server.port}${HTTP_ROUTES.events}`, {
      origin: base,
      headers: { cookie: COOKIE },
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
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}${HTTP_ROUTES.events}`, {
      origin: base,
      headers: { cookie: COOKIE },
    });
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('open', resolve));
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    socket.send('x'.repeat(4096));
    expect(await closed).toBe(1009);
    expect((await call({ method: 'app.info', input: {} })).status).toBe(200);
  });
});

describe('a stable address for one data folder', () => {
  let dataDir: string;
  let rendererDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'examiner-data-'));
    rendererDir = mkdtempSync(join(tmpdir(), 'examiner-renderer-'));
    writeFileSync(
      join(rendererDir, 'index.html'),
      `<meta http-equiv="Content-Security-Policy" content="${POLICY}" /><div id="root"></div>`,
    );
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(rendererDir, { recursive: true, force: true });
  });

  /** What index.ts does at start: the folder's token, and its last port while that is free. */
  async function startForFolder(): Promise<HostServer> {
    const server = await startHostServer({
      core: fakeCore().core,
      rendererDir,
      token: sessionToken(dataDir),
      port: rememberedPort(dataDir),
      preferPort: true,
    });
    rememberPort(dataDir, server.port);
    return server;
  }

  it('keeps the token in a file only the user can read, the same on every start', () => {
    const token = sessionToken(dataDir);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(join(dataDir, 'browser-session')).mode & 0o777).toBe(0o600);
    expect(sessionToken(dataDir)).toBe(token);
    // A copy others could read is no secret: a new token replaces it.
    chmodSync(join(dataDir, 'browser-session'), 0o644);
    const renewed = sessionToken(dataDir);
    expect(renewed).not.toBe(token);
    expect(statSync(join(dataDir, 'browser-session')).mode & 0o777).toBe(0o600);
  });

  it('comes back on the same port with a link that still signs in, and moves when the port is taken', async () => {
    const first = await startForFolder();
    const { port, url } = first;
    await first.close();

    const second = await startForFolder();
    expect(second.port).toBe(port);
    expect(second.url).toBe(url);
    const origin = `http://127.0.0.1:${port}`;
    const signedIn = await fetch(`${origin}${HTTP_ROUTES.session}`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ token: new URL(url).hash.replace('#token=', '') }),
    });
    expect(signedIn.status).toBe(204);
    await second.close();

    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    try {
      const third = await startForFolder();
      expect(third.port).not.toBe(port);
      expect(rememberedPort(dataDir)).toBe(third.port);
      await third.close();
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });

  it('fails when an explicitly demanded port is taken', async () => {
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const taken = (squatter.address() as AddressInfo).port;
    try {
      await expect(
        startHostServer({ core: fakeCore().core, rendererDir, token: TOKEN, port: taken }),
      ).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});

describe.skipIf(process.platform !== 'linux')("Chromium's command line", () => {
  it('names only a private launch page, which carries a one-time code and not the token', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'examiner-launch-'));
    const fakeChromium = join(dataDir, 'chromium');
    // Stands in for Chromium: keeps its arguments on view in /proc until told to stop.
    writeFileSync(fakeChromium, "#!/bin/sh\ntrap 'exit 0' TERM\nwhile :; do sleep 0.1; done\n", {
      mode: 0o755,
    });
    try {
      const launchUrl = 'http://127.0.0.1:1234/#launch=one-time-code';
      const page = writeLaunchPage(dataDir, launchUrl);
      expect(statSync(page).mode & 0o777).toBe(0o600);
      expect(readFileSync(page, 'utf8')).toContain(`content="0;url=${launchUrl}"`);

      const window = openAppWindow(fakeChromium, `file://${page}`, dataDir);
      await new Promise((resolve) => setTimeout(resolve, 200));
      // What any local user can read about the process.
      const cmdline = readFileSync(`/proc/${window.process.pid}/cmdline`, 'utf8');
      window.close();
      expect(cmdline).toContain(`--app=file://${page}`);
      expect(cmdline).not.toContain('launch=');
      expect(cmdline).not.toContain('token');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
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
