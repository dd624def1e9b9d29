import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const TOKEN_HEADER = 'x-examiner-token';

/**
 * Guards the API of a server on 127.0.0.1: a per-run token that only the opened URL
 * carries, and Host/Origin checks so that a page on another site cannot reach it by
 * rebinding its DNS name to 127.0.0.1.
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

  hasToken(presented: string | null | undefined): boolean {
    if (!presented) return false;
    const candidate = Buffer.from(presented);
    return candidate.length === this.token.length && timingSafeEqual(candidate, this.token);
  }
}
