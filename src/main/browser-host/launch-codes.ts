import { randomBytes, timingSafeEqual } from 'node:crypto';

const LIFETIME_MS = 60_000;

/**
 * Codes that sign one window in, once, within a minute: what the app's own Chromium window is
 * opened with, so that the lasting token never leaves the host process and the data folder.
 */
export class LaunchCodes {
  private readonly live = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  issue(): string {
    const code = randomBytes(32).toString('base64url');
    this.live.set(code, this.now() + LIFETIME_MS);
    return code;
  }

  /** True once for a live code; the code is spent either way. */
  redeem(presented: string): boolean {
    const candidate = Buffer.from(presented);
    for (const [code, expires] of this.live) {
      if (expires < this.now()) this.live.delete(code);
      else if (code.length === presented.length && timingSafeEqual(Buffer.from(code), candidate)) {
        this.live.delete(code);
        return true;
      }
    }
    return false;
  }
}
