import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';

/** `false` silences the server; otherwise JSON lines to `stream` (stdout when absent). */
export type LoggerSetting = false | { level?: string; stream?: DestinationStream };

const REDACTED = '[redacted]';
const DATA_URL = /data:[^\s"',;]*[;,][^\s"']*/giu;
const REMOTE_URL = /\b(?:https?|file):\/\/[^\s"']+/giu;

/** Audio travels in URLs and error messages may quote one: neither reaches the log. */
export function scrub(text: string): string {
  return text.replace(DATA_URL, 'data:[redacted]').replace(REMOTE_URL, '[url redacted]');
}

function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    remoteAddress: request.ip,
  };
}

function serializeReply(reply: FastifyReply) {
  return { statusCode: reply.statusCode };
}

function serializeError(error: Error & { code?: string }) {
  return {
    type: error.name,
    code: error.code,
    message: scrub(error.message),
    stack: error.stack ? scrub(error.stack) : undefined,
  };
}

/**
 * Requests are logged by method, path and peer only; headers and bodies never, and the
 * redact list catches any that a later log call passes in by mistake.
 */
export function loggerOptions(setting: LoggerSetting | undefined): LoggerOptions | false {
  if (setting === false) return false;
  const options: LoggerOptions & { stream?: DestinationStream } = {
    level: setting?.level ?? 'info',
    redact: {
      paths: [
        'authorization',
        'headers.authorization',
        'req.headers.authorization',
        'request.headers.authorization',
        'audioUrl',
        '*.audioUrl',
        'question',
        '*.question',
        'body',
        '*.body',
      ],
      censor: REDACTED,
    },
    serializers: { req: serializeRequest, res: serializeReply, err: serializeError },
  };
  if (setting?.stream) options.stream = setting.stream;
  return options;
}
