import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Readable by the user alone: whoever reads the token can use the app, key and recordings. */
const PRIVATE = 0o600;

function readPrivate(file: string): string | null {
  try {
    // A copy others could read (restored from a backup, say) is no secret any more.
    if ((statSync(file).mode & 0o077) !== 0) return null;
    return readFileSync(file, 'utf8').trim() || null;
  } catch {
    return null;
  }
}

function writePrivate(file: string, text: string): void {
  writeFileSync(file, text, { mode: PRIVATE });
  chmodSync(file, PRIVATE); // the mode above applies only when the file is created
}

/**
 * The browser host's sign-in token, kept in the data folder so that the printed link and the
 * session cookie survive a restart. Made on first use, remade if anyone else could read it.
 */
export function sessionToken(dataDir: string): string {
  const file = join(dataDir, 'browser-session');
  const kept = readPrivate(file);
  if (kept && /^[A-Za-z0-9_-]{43}$/u.test(kept)) return kept;
  const token = randomBytes(32).toString('base64url');
  writePrivate(file, token);
  return token;
}

const PORT_FILE = 'browser-port';

/** The port the browser host last listened on for this data folder, so its address stays put. */
export function rememberedPort(dataDir: string): number {
  try {
    const port = Number(readFileSync(join(dataDir, PORT_FILE), 'utf8').trim());
    return Number.isInteger(port) && port > 0 && port <= 65535 ? port : 0;
  } catch {
    return 0;
  }
}

export function rememberPort(dataDir: string, port: number): void {
  writeFileSync(join(dataDir, PORT_FILE), `${port}\n`);
}

/**
 * A page, readable only by the user, that sends Chromium on to `url`. Chromium is told the
 * page's path, which anyone may read in /proc; the launch code inside it stays private.
 */
export function writeLaunchPage(dataDir: string, url: string): string {
  const file = join(dataDir, 'open-examiner.html');
  const escaped = url.replace(/&/gu, '&amp;').replace(/"/gu, '&quot;');
  writePrivate(
    file,
    `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${escaped}"><title>Examiner</title>\n`,
  );
  return file;
}
