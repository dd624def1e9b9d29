import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { SIGNIN_CSS, SIGNIN_HTML, SIGNIN_JS, SIGNIN_POLICY } from './signin-page.js';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

const SIGNIN_FILES: Record<string, [string, string]> = {
  '/signin.js': [SIGNIN_JS, '.js'],
  '/signin.css': [SIGNIN_CSS, '.css'],
};

/**
 * The built renderer, served with the Content-Security-Policy that its index.html
 * declares, so that Electron (which reads the meta tag) and this host enforce one policy.
 * A window that is not signed in gets the sign-in page in place of the app.
 */
export async function createStaticFiles(rootDir: string) {
  const indexHtml = await readFile(join(rootDir, 'index.html'), 'utf8');
  const policy = `${policyFromHtml(indexHtml)}; frame-ancestors 'none'`;

  function headers(contentType: string, csp = policy): Record<string, string> {
    return {
      'content-type': contentType,
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    };
  }

  async function serve(
    pathname: string,
    response: ServerResponse,
    signedIn: boolean,
  ): Promise<void> {
    const signin = SIGNIN_FILES[pathname];
    if (signin) {
      const [body, extension] = signin;
      return void response.writeHead(200, headers(CONTENT_TYPES[extension]!)).end(body);
    }
    const isPage = extname(pathname) === '' || pathname === '/index.html';
    if (isPage && !signedIn) {
      const type = CONTENT_TYPES['.html']!;
      return void response.writeHead(200, headers(type, SIGNIN_POLICY)).end(SIGNIN_HTML);
    }
    const file = resolveInside(rootDir, pathname);
    const type = file ? CONTENT_TYPES[extname(file)] : undefined;
    const body = file && type ? await readFile(file).catch(() => null) : null;
    if (body && type) {
      response.writeHead(200, headers(type)).end(body);
    } else if (isPage) {
      response.writeHead(200, headers(CONTENT_TYPES['.html']!)).end(indexHtml);
    } else {
      response.writeHead(404, headers('text/plain; charset=utf-8')).end('Not found');
    }
  }

  return { serve, policy };
}

export function policyFromHtml(html: string): string {
  const match = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/u.exec(html);
  if (!match?.[1]) throw new Error('index.html declares no Content-Security-Policy');
  return match[1];
}

function resolveInside(rootDir: string, pathname: string): string | null {
  let relative: string;
  try {
    relative = pathname === '/' ? 'index.html' : decodeURIComponent(pathname).slice(1);
  } catch {
    return null;
  }
  const file = normalize(join(rootDir, relative));
  return file.startsWith(rootDir + sep) ? file : null;
}
