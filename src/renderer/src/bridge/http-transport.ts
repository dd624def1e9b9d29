import { HTTP_ROUTES } from '../../../shared/host-channels';
import type { Transport } from './transport';

const RECONNECT_MAX_MS = 10_000;
const NOT_SIGNED_IN = 401;

type Listener = (payload: unknown) => void;

/**
 * The browser host's transport: POST /api/call, and events over WebSocket /api/events. Both
 * carry the host's HttpOnly session cookie, which no script here can read.
 */
export function createHttpTransport(): Transport {
  const listeners = new Map<string, Set<Listener>>();
  const events = new EventSocket((event, payload) => {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  });
  // Connected from the start: an event sent before a page subscribes would otherwise be lost.
  events.connect();

  return {
    async call(method, input) {
      const response = await fetch(HTTP_ROUTES.call, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method, input }),
      });
      // Signed out (the cookie was cleared): the host serves its sign-in page instead.
      if (response.status === NOT_SIGNED_IN) window.location.reload();
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) throw body ?? new Error(`HTTP ${response.status}`);
      return body;
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  };
}

/** One WebSocket for all listeners, reconnecting with backoff if the host restarts. */
class EventSocket {
  private socket: WebSocket | null = null;
  private delay = 500;

  constructor(private readonly emit: (event: string, payload: unknown) => void) {}

  connect(): void {
    if (this.socket) return;
    const url = new URL(HTTP_ROUTES.events, window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => (this.delay = 500);
    socket.onmessage = (message) => this.receive(message.data);
    socket.onclose = () => {
      this.socket = null;
      window.setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, RECONNECT_MAX_MS);
    };
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    try {
      const { event, payload } = JSON.parse(data) as { event: string; payload: unknown };
      this.emit(event, payload);
    } catch {
      // A malformed message is dropped; the bridge validates what it forwards anyway.
    }
  }
}
