import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ScoringError } from '../shared/contract/errors.js';
import { failureEnvelope } from './envelope.js';

interface ClientFailure {
  status: number;
  error: ScoringError;
}

/** Node's own limit on the request line and headers together. */
const MAX_HEADER_KB = 16;

function describe(error: NodeJS.ErrnoException): ClientFailure {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const message = `request headers exceed ${MAX_HEADER_KB} KB`;
    return { status: 431, error: new ScoringError('PAYLOAD_TOO_LARGE', message) };
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    const message = 'the request was not received in time';
    return { status: 408, error: new ScoringError('INVALID_JSON', message) };
  }
  const message = 'the request is not well-formed HTTP';
  return { status: 400, error: new ScoringError('INVALID_JSON', message) };
}

/**
 * Requests Node's HTTP parser refuses never reach Fastify's routes; without this, the client
 * would get Node's (or Fastify's) bare 400 or 431 instead of the contract's failure envelope.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, error: failure } = describe(error);
  const body = JSON.stringify(failureEnvelope(failure, 0));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}
