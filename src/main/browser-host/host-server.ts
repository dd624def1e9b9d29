import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { HTTP_ROUTES } from '../../shared/host-channels.js';
import type { AppCore } from '../core/app-core.js';
import { handleApiCall, readSmallJson, sendJson } from './api-route.js';
import { createEventSocket } from './event-socket.js';
import { LaunchCodes } from './launch-codes.js';
import { RequestGuard } from './request-guard.js';
import { createStaticFiles } from './static-files.js';

export interface HostServerOptions {
  core: AppCore;
  rendererDir: string;
  /** The lasting sign-in token: the session cookie's value and the printed link's fragment. */
  token: string;
  /** Exactly this port (0: any free one); or, with `preferPort`, this one when it is free. */
  port: number;
  preferPort?: boolean;
}

export interface HostServer {
  /** The signed-in link, with the token in its fragment (never sent to a server). */
  url: string;
  port: number;
  /** A link that signs one window in, once, within a minute. */
  launchUrl(): string;
  close(): Promise<void>;
}

/** Serves the renderer and carries the app API over HTTP and a WebSocket, on 127.0.0.1 only. */
export async function startHostServer(options: HostServerOptions): Promise<HostServer> {
  const guard = new RequestGuard(options.token);
  const launches = new LaunchCodes();
  const files = await createStaticFiles(options.rendererDir);
  const events = createEventSocket(options.core);

  const server = createServer((request, response) => {
    void route(request, response).catch(() => {
      if (!response.headersSent)
        sendJson(response, 500, { message: 'Internal error', detail: null });
    });
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== HTTP_ROUTES.events) return refuseUpgrade(socket, '404 Not Found');
    if (!guard.isKnownHost(request) || !guard.isSameOrigin(request)) {
      return refuseUpgrade(socket, '403 Forbidden');
    }
    if (!guard.hasSession(request)) return refuseUpgrade(socket, '401 Unauthorized');
    events.upgrade(request, socket, head);
  });

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (!guard.isKnownHost(request)) return sendJson(response, 403, refusal('Unknown host.'));
    if (!url.pathname.startsWith('/api/')) {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return sendJson(response, 405, refusal('Method not allowed.'));
      }
      return files.serve(url.pathname, response, guard.hasSession(request));
    }
    if (url.pathname !== HTTP_ROUTES.call && url.pathname !== HTTP_ROUTES.session) {
      return sendJson(response, 404, refusal('Not found.'));
    }
    if (request.method !== 'POST') return sendJson(response, 405, refusal('Method not allowed.'));
    if (!guard.isSameOrigin(request)) return sendJson(response, 403, refusal('Wrong origin.'));
    if (url.pathname === HTTP_ROUTES.session) return signIn(request, response);
    if (!guard.hasSession(request)) {
      return sendJson(response, 401, refusal('This page is not signed in to Examiner.'));
    }
    return handleApiCall(options.core, request, response);
  }

  /** POST /api/session {token} or {launch}: the fragment's secret traded for the cookie. */
  async function signIn(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = (await readSmallJson(request)) as { token?: unknown; launch?: unknown } | null;
    const valid =
      (typeof body?.token === 'string' && guard.hasToken(body.token)) ||
      (typeof body?.launch === 'string' && launches.redeem(body.launch));
    if (!valid) return sendJson(response, 401, refusal('That sign-in link is not valid.'));
    response
      .writeHead(204, { 'set-cookie': guard.sessionCookie(), 'cache-control': 'no-store' })
      .end();
  }

  const port = await listen(server, options.port, options.preferPort ?? false);
  guard.listenOn(port);
  const origin = `http://127.0.0.1:${port}`;

  return {
    port,
    url: `${origin}/#token=${options.token}`,
    launchUrl: () => `${origin}/#launch=${launches.issue()}`,
    close: () => {
      events.close();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Listens on 127.0.0.1; a preferred port that is taken gives way to any free one. */
async function listen(server: Server, port: number, preferPort: boolean): Promise<number> {
  const attempt = (on: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(on, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  try {
    await attempt(port);
  } catch (error) {
    const taken = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
    if (!preferPort || port === 0 || !taken) throw error;
    await attempt(0);
  }
  return (server.address() as AddressInfo).port;
}

function refuseUpgrade(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function refusal(message: string) {
  return { message, detail: null };
}
