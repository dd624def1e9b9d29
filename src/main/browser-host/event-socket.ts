import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { AppCore } from '../core/app-core.js';

/** WebSocket /api/events: every AppCore event, as {event, payload}, to every open page. */
export function createEventSocket(core: AppCore) {
  const server = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  const unsubscribe = core.subscribe((event, payload) => {
    const message = JSON.stringify({ event, payload });
    for (const client of server.clients) client.send(message);
  });

  function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    server.handleUpgrade(request, socket, head, (client: WebSocket) => {
      // The page only listens; anything it sends is ignored.
      client.on('message', () => undefined);
      // ws closes the socket itself (e.g. 1009 for an oversized frame); an unheard 'error'
      // would otherwise crash the host.
      client.on('error', () => undefined);
    });
  }

  function close(): void {
    unsubscribe();
    for (const client of server.clients) client.terminate();
    server.close();
  }

  return { upgrade, close };
}
