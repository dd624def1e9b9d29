import { z } from 'zod';
import { Envelope } from './envelope.js';

/**
 * The client's reading of a response body: both spellings of processTime, unknown
 * fields ignored, and a precise message naming the first field that would break the app.
 */
export class ResponseShapeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResponseShapeError';
  }
}

const errorCodeTolerant = Envelope.shape.data.shape.error.unwrap().extend({ code: z.string() });
const TolerantEnvelope = Envelope.extend({
  data: Envelope.shape.data.extend({ error: errorCodeTolerant.nullable().default(null) }),
});

export function parseEnvelope(body: unknown): Envelope {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ResponseShapeError('response is not a JSON object');
  }
  const record = body as Record<string, unknown>;
  const normalised =
    record.processTime === undefined && record.proccessTime !== undefined
      ? { ...record, processTime: record.proccessTime }
      : record;
  const result = TolerantEnvelope.safeParse(normalised);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'response';
    throw new ResponseShapeError(`${where}: ${issue?.message ?? 'invalid'}`);
  }
  return result.data as Envelope;
}

export function parseEnvelopeText(text: string): Envelope {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ResponseShapeError('response is not valid JSON');
  }
  return parseEnvelope(body);
}
