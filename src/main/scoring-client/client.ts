import { Agent, request } from 'undici';
import { ENDPOINT_PATHS, type Task } from '../../shared/contract/endpoints.js';
import type { Envelope } from '../../shared/contract/envelope.js';
import { parseEnvelope, ResponseShapeError } from '../../shared/contract/parse-response.js';
import { backoffDelay, parseRetryAfter, sleep } from './backoff.js';
import {
  failureKindForStatus,
  messageForCode,
  ScoringFailure,
  type FailureKind,
} from './failure.js';

export interface ScoringEndpoint {
  baseUrl: string;
  apiKey: string | null;
}

export interface ScoringClientOptions {
  connectTimeoutMs: number;
  totalTimeoutMs: number;
  /** Further tries after the first, for failures worth trying again. */
  maxRetries: number;
  retryBaseMs: number;
  retryCapMs: number;
  /** A Retry-After longer than this is handed back to the caller rather than waited out. */
  maxRetryAfterMs: number;
}

export const DEFAULT_CLIENT_OPTIONS: ScoringClientOptions = {
  connectTimeoutMs: 5_000,
  totalTimeoutMs: 120_000,
  maxRetries: 2,
  retryBaseMs: 500,
  retryCapMs: 8_000,
  maxRetryAfterMs: 30_000,
};

export interface ScoringReply {
  envelope: Envelope;
  responseText: string;
  elapsedMs: number;
}

interface RawReply {
  status: number;
  text: string;
  retryAfter: string | string[] | undefined;
}

/** Sends scoring requests; every failure becomes a ScoringFailure that says if retrying helps. */
export class ScoringClient {
  readonly options: ScoringClientOptions;
  private readonly agent: Agent;

  constructor(options: Partial<ScoringClientOptions> = {}) {
    this.options = { ...DEFAULT_CLIENT_OPTIONS, ...options };
    this.agent = new Agent({
      connect: { timeout: this.options.connectTimeoutMs },
      keepAliveTimeout: 4_000,
    });
  }

  async score(
    endpoint: ScoringEndpoint,
    task: Task,
    body: object,
    signal?: AbortSignal,
  ): Promise<ScoringReply> {
    for (let retry = 0; ; retry += 1) {
      try {
        return await this.scoreOnce(endpoint, task, body, signal);
      } catch (error) {
        const failure = this.toFailure(error, endpoint, signal);
        const wait = this.retryDelay(failure, retry);
        if (wait === null) throw failure;
        await sleep(wait, signal).catch(() => {
          throw this.toFailure(signal?.reason, endpoint, signal);
        });
      }
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  private retryDelay(failure: ScoringFailure, retry: number): number | null {
    if (!failure.retryable || retry >= this.options.maxRetries) return null;
    const told = failure.extra.retryAfterMs;
    if (told !== undefined) return told <= this.options.maxRetryAfterMs ? told : null;
    return backoffDelay(retry, this.options.retryBaseMs, this.options.retryCapMs);
  }

  private async scoreOnce(
    endpoint: ScoringEndpoint,
    task: Task,
    body: object,
    signal?: AbortSignal,
  ): Promise<ScoringReply> {
    const started = performance.now();
    const raw = await this.send(endpoint, task, body, signal);
    const elapsedMs = performance.now() - started;
    if (raw.status < 200 || raw.status > 299) throw httpFailure(raw);
    const envelope = readEnvelope(raw.text);
    if (!envelope.success) {
      throw new ScoringFailure(
        'rejected',
        messageForCode(
          envelope.data.error?.code,
          `The scoring service refused the request: ${envelope.message}`,
        ),
        `HTTP ${raw.status} success=false: ${envelope.message}`,
        { status: raw.status, responseText: raw.text },
      );
    }
    return { envelope, responseText: raw.text, elapsedMs };
  }

  private async send(
    endpoint: ScoringEndpoint,
    task: Task,
    body: object,
    signal?: AbortSignal,
  ): Promise<RawReply> {
    const timeout = AbortSignal.timeout(this.options.totalTimeoutMs);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (endpoint.apiKey) headers.authorization = endpoint.apiKey;
    const response = await request(endpointUrl(endpoint.baseUrl, task), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      dispatcher: this.agent,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    const text = await response.body.text();
    return { status: response.statusCode, text, retryAfter: response.headers['retry-after'] };
  }

  private toFailure(
    error: unknown,
    endpoint: ScoringEndpoint,
    signal?: AbortSignal,
  ): ScoringFailure {
    if (error instanceof ScoringFailure) return error;
    if (signal?.aborted) {
      return new ScoringFailure('cancelled', 'The request was cancelled.', 'aborted by the app');
    }
    const detail = describeError(error);
    if (isTimeout(error)) {
      const seconds = Math.round(this.options.totalTimeoutMs / 1000);
      return new ScoringFailure(
        'timeout',
        `The scoring service did not answer within ${seconds} s.`,
        detail,
      );
    }
    if (error instanceof TypeError && /url/iu.test(error.message)) {
      return new ScoringFailure('rejected', 'The scoring service address is not valid.', detail);
    }
    return new ScoringFailure(
      'unreachable',
      `Could not reach the scoring service at ${describeHost(endpoint.baseUrl)}.`,
      detail,
    );
  }
}

export function endpointUrl(baseUrl: string, task: Task): string {
  return `${baseUrl.replace(/\/+$/u, '')}${ENDPOINT_PATHS[task]}`;
}

function readEnvelope(text: string): Envelope {
  try {
    return parseEnvelope(JSON.parse(text));
  } catch (error) {
    const reason =
      error instanceof ResponseShapeError ? error.message : 'response is not valid JSON';
    throw new ScoringFailure(
      'bad_response',
      'The scoring service sent an answer the app could not read.',
      `${reason}; body starts: ${text.slice(0, 200)}`,
      { responseText: text },
    );
  }
}

function httpFailure(raw: RawReply): ScoringFailure {
  const failure = tryJson(raw.text);
  const code = failure?.data?.error?.code;
  const serverMessage = failure?.message ?? raw.text.slice(0, 200);
  const kind = failureKindForStatus(raw.status, code);
  const fallback = failure?.message
    ? fallbackMessage(kind, raw.status, serverMessage)
    : balancerMessage(kind, raw.status);
  const retryAfterMs = parseRetryAfter(raw.retryAfter) ?? undefined;
  return new ScoringFailure(
    kind,
    messageForCode(code, fallback),
    `HTTP ${raw.status}${code ? ` ${code}` : ''}: ${serverMessage}`,
    {
      status: raw.status,
      responseText: raw.text,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    },
  );
}

function fallbackMessage(kind: FailureKind, status: number, serverMessage: string): string {
  if (kind === 'key_refused') return 'The API key was refused. Check it in Settings.';
  if (kind === 'server_error') {
    return `The scoring service had a problem (HTTP ${status}); the attempt will be sent again.`;
  }
  return `The scoring service refused the request: ${serverMessage}`;
}

/**
 * An answer without the contract's envelope comes from whatever stands in front of the
 * service (a load balancer's error page): the examiner gets its meaning, not its HTML.
 */
function balancerMessage(kind: FailureKind, status: number): string {
  if (status === 413) {
    return 'The recording is larger than the scoring service (or its load balancer) accepts.';
  }
  if (kind === 'rejected') {
    return `The scoring service's address answered HTTP ${status}: check the address in Settings.`;
  }
  if (kind === 'timeout') {
    return 'The recording did not reach the scoring service in time; the attempt will be sent again.';
  }
  return fallbackMessage(kind, status, '');
}

interface LooseFailureBody {
  message?: string;
  data?: { error?: { code?: string } | null };
}

function tryJson(text: string): LooseFailureBody | null {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null ? (value as LooseFailureBody) : null;
  } catch {
    return null;
  }
}

function isTimeout(error: unknown): boolean {
  const err = error as { name?: string; code?: string } | null;
  return (
    err?.name === 'TimeoutError' ||
    err?.code === 'UND_ERR_HEADERS_TIMEOUT' ||
    err?.code === 'UND_ERR_BODY_TIMEOUT'
  );
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  const cause = error.cause instanceof Error ? ` (cause: ${error.cause.message})` : '';
  return `${code ? `${code}: ` : ''}${error.message}${cause}`;
}

function describeHost(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}
