import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const SESSION_COOKIE = 'examiner_session';
/** A year: the signed-in browser stays signed in across restarts of the app. */
const SESSION_MAX_AGE_S = 365 * 24 * 3600;

/**
 * Guards the API of a server on 127.0.0.1: a session cookie (HttpOnly, so no script can read
 * it) holding the data folder's token, and Host/Origin checks so that a page on another site
 * cannot reach it by rebinding its DNS name to 127.0.0.1.
 */
export class RequestGuard {
  private readonly token: Buffer;
  private hosts: Set<string> = new Set();

  constructor(token: string) {
    this.token = Buffer.from(token);
  }

  listenOn(port: number): void {
    this.hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  }

  isKnownHost(request: IncomingMessage): boolean {
    return this.hosts.has(request.headers.host ?? '');
  }

  /** Browsers send Origin on every POST and WebSocket handshake, so it must be ours. */
  isSameOrigin(request: IncomingMessage): boolean {
    const origin = request.headers.origin;
    if (!origin) return false;
    try {
      const url = new URL(origin);
      return url.protocol === 'http:' && this.hosts.has(url.host);
    } catch {
      return false;
    }
  }

  /** The Set-Cookie value that signs a browser in. */
  sessionCookie(): string {
    const value = this.token.toString();
    return `${SESSION_COOKIE}=${value}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${SESSION_MAX_AGE_S}`;
  }

  hasSession(request: IncomingMessage): boolean {
    return this.hasToken(cookieValue(request.headers.cookie, SESSION_COOKIE));
  }

  hasToken(presented: string | null | undefined): boolean {
    if (!presented) return false;
    const candidate = Buffer.from(presented);
    return candidate.length === this.token.length && timingSafeEqual(candidate, this.token);
  }
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}
