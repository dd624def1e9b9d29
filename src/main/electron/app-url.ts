import { resolve, sep } from 'node:path';

/**
 * The app's own address. The built renderer is served on a custom standard scheme rather
 * than file:, so that the page has a real origin of its own that no file on disk shares.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'examiner';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** Where the window's page comes from: the app:// protocol, or in development the dev server. */
export type RendererSource =
  { kind: 'protocol'; url: string } | { kind: 'dev-server'; url: string };

function parse(url: string | null | undefined): URL | null {
  if (!url) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** Scheme, host and port all equal, and no credentials: the origin, checked field by field. */
function sameOrigin(candidate: URL, expected: URL): boolean {
  return (
    candidate.protocol === expected.protocol &&
    candidate.hostname.toLowerCase() === expected.hostname.toLowerCase() &&
    candidate.port === expected.port &&
    candidate.username === '' &&
    candidate.password === ''
  );
}

/**
 * Whether a page, frame or origin is the app itself, and may therefore call the app API,
 * use the microphone and be shown in the window. Anything unparsable is not.
 */
export function isAppUrl(url: string | null | undefined, source: RendererSource): boolean {
  const candidate = parse(url);
  const expected = parse(source.url);
  return candidate !== null && expected !== null && sameOrigin(candidate, expected);
}

export type AppFile = { ok: true; path: string } | { ok: false; status: 400 | 404 };

/**
 * Maps an app:// request to a file of the built renderer. Only the app's own host is served,
 * and a path that would leave the renderer folder (dot segments, encoded slashes or
 * backslashes, NUL) is refused, whatever its spelling.
 */
export function resolveAppFile(requestUrl: string, rendererDir: string): AppFile {
  const url = parse(requestUrl);
  const app = parse(APP_ORIGIN)!;
  if (!url || !sameOrigin(url, app)) return { ok: false, status: 404 };
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return { ok: false, status: 400 };
  }
  if (path.includes('\0') || path.includes('\\')) return { ok: false, status: 400 };
  if (path === '/' || path === '') path = '/index.html';
  const root = resolve(rendererDir);
  const file = resolve(root, `.${path}`);
  if (!file.startsWith(root + sep)) return { ok: false, status: 404 };
  return { ok: true, path: file };
}
