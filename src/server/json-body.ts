import { Transform } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ScoringError } from '../shared/contract/errors.js';
import { JsonShapeGuard } from './json-shape.js';

/**
 * An answer sent before the whole body has arrived (any refusal before or while it is read)
 * closes the connection, so the rest of the body is never read: keeping the connection alive
 * would mean reading it all to skip it.
 */
export function closeUnreadBodies(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.raw.complete) reply.header('connection', 'close');
    return payload;
  });
}

/** The body passed on chunk by chunk, and cut off at the first chunk that shows its shape is too big. */
function shapeGuarded(payload: NodeJS.ReadableStream): Transform {
  const guard = new JsonShapeGuard();
  const guarded = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const refusal = guard.push(chunk);
      callback(refusal, refusal ? undefined : chunk);
    },
  });
  // pipe, not pipeline: a refusal must leave the socket open for its answer.
  return payload.pipe(guarded);
}

function forbidPrototypeKey(key: string, value: unknown): unknown {
  if (key === '__proto__') {
    throw new ScoringError(
      'INVALID_PARAMETER',
      'request body must not use "__proto__" as a key',
      '__proto__',
    );
  }
  return value;
}

/** A JSON body as a plain value; `__proto__` is refused by name rather than called invalid JSON. */
export function parseJsonText(text: string): unknown {
  if (text.trim() === '') {
    throw new ScoringError('INVALID_JSON', 'request body is empty; send a JSON object');
  }
  try {
    return JSON.parse(text, forbidPrototypeKey);
  } catch (error) {
    if (error instanceof ScoringError) throw error;
    throw new ScoringError('INVALID_JSON', 'request body is not valid JSON');
  }
}

/**
 * JSON bodies are checked while they stream in (nesting depth and number of values), so a
 * hostile body is refused after its first chunks instead of being buffered and parsed whole.
 * Register after any hook that should refuse a request before its body is read.
 */
export function parseJsonBodies(app: FastifyInstance): void {
  app.addHook('preParsing', async (_request, _reply, payload) => shapeGuarded(payload));
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonText(body as string));
    } catch (error) {
      done(error as ScoringError, undefined);
    }
  });
}
