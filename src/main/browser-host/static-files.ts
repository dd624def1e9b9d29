import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

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

/**
 * The built renderer, served with the Content-Security-Policy that its index.html
 * declares, so that Electron (which reads the meta tag) and this host enforce one policy.
 */
export async function createStaticFiles(rootDir: string) {
  const indexHtml = await readFile(join(rootDir, 'index.html'), 'utf8');
  const policy = `${policyFromHtml(indexHtml)}; frame-ancestors 'none'`;

  function headers(contentType: string): Record<string, string> {
    return {
      'content-type': contentType,
      'content-security-policy': policy,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    };
  }

  async function serve(pathname: string, response: ServerResponse): Promise<void> {
    const file = resolveInside(rootDir, pathname);
    const type = file ? CONTENT_TYPES[extname(file)] : undefined;
    const body = file && type ? await readFile(file).catch(() => null) : null;
    if (body && type) {
      response.writeHead(200, headers(type)).end(body);
    } else if (extname(pathname) === '') {
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
