import type { IncomingMessage, ServerResponse } from 'node:http';
import { toApiFailure } from '../core/api-dispatch.js';
import { UserFacingError } from '../errors/user-facing-error.js';
import type { AppCore } from '../core/app-core.js';

/** Recordings arrive as base64 in the body; a long answer stays well below this. */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** POST /api/call {method, input}: the HTTP twin of Electron's ipcMain handler. */
export async function handleApiCall(
  core: AppCore,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  try {
    const { method, input } = parseCall(await readBody(request));
    sendJson(response, 200, await core.dispatch(method, input));
  } catch (error) {
    const status = error instanceof UserFacingError ? 400 : 500;
    sendJson(response, status, toApiFailure(error));
  }
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response
    .writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    .end(JSON.stringify(body ?? null));
}

function parseCall(text: string): { method: string; input: unknown } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new UserFacingError('The request was not valid JSON.');
  }
  const { method, input } = (body ?? {}) as { method?: unknown; input?: unknown };
  if (typeof method !== 'string') throw new UserFacingError('The request names no action.');
  return { method, input };
}

async function readBody(request: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new UserFacingError('The request is too large.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A body of at most a kilobyte, parsed; null when it is too large or not JSON. */
export async function readSmallJson(request: IncomingMessage): Promise<unknown> {
  try {
    return JSON.parse(await readBody(request, 1024)) as unknown;
  } catch {
    return null;
  }
}
