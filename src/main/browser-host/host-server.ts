import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { AppCore } from '../core/app-core.js';
import { handleApiCall, sendJson } from './api-route.js';
import { createEventSocket } from './event-socket.js';
import { RequestGuard, TOKEN_HEADER } from './request-guard.js';
import { createStaticFiles } from './static-files.js';

export interface HostServerOptions {
  core: AppCore;
  rendererDir: string;
  token: string;
  /** 0 picks a free port. */
  port: number;
}

export interface HostServer {
  /** The address to open, with the token in its fragment (never sent to a server). */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Serves the renderer and carries the app API over HTTP and a WebSocket, on 127.0.0.1 only. */
export async function startHostServer(options: HostServerOptions): Promise<HostServer> {
  const guard = new RequestGuard(options.token);
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
    if (url.pathname !== '/api/events') return refuseUpgrade(socket, '404 Not Found');
    if (!guard.isKnownHost(request) || !guard.isSameOrigin(request)) {
      return refuseUpgrade(socket, '403 Forbidden');
    }
    if (!guard.hasToken(url.searchParams.get('token'))) {
      return refuseUpgrade(socket, '401 Unauthorized');
    }
    events.upgrade(request, socket, head);
  });

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (!guard.isKnownHost(request)) return sendJson(response, 403, refusal('Unknown host.'));
    if (!url.pathname.startsWith('/api/')) {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return sendJson(response, 405, refusal('Method not allowed.'));
      }
      return files.serve(url.pathname, response);
    }
    if (url.pathname !== '/api/call') return sendJson(response, 404, refusal('Not found.'));
    if (request.method !== 'POST') return sendJson(response, 405, refusal('Method not allowed.'));
    if (!guard.isSameOrigin(request)) return sendJson(response, 403, refusal('Wrong origin.'));
    if (!guard.hasToken(request.headers[TOKEN_HEADER] as string | undefined)) {
      return sendJson(response, 401, refusal('This page is not signed in to Examiner.'));
    }
    return handleApiCall(options.core, request, response);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;
  guard.listenOn(port);

  return {
    port,
    url: `http://127.0.0.1:${port}/#token=${options.token}`,
    close: () => {
      events.close();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function refuseUpgrade(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function refusal(message: string) {
  return { message, detail: null };
}
