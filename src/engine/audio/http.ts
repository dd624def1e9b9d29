import { Agent, request, type Dispatcher } from 'undici';
import { ScoringError } from '../../shared/contract/errors.js';
import type { AudioPolicy } from './policy.js';
import { fetchFailed, invalidUrl, tooLarge } from './errors.js';
import { assertPublicLiteral, BlockedAddressError, publicOnlyLookup } from './network-guard.js';

export const MAX_REDIRECTS = 3;
/** Connecting gets its own, shorter limit so a black-holed host fails fast within the total budget. */
export const CONNECT_TIMEOUT_MS = 5000;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

function createAgent(policy: AudioPolicy): Agent {
  return new Agent({
    connect: {
      timeout: Math.min(CONNECT_TIMEOUT_MS, policy.fetchTimeoutMs),
      ...(policy.blockPrivateNetworks ? { lookup: publicOnlyLookup } : {}),
    },
    headersTimeout: policy.fetchTimeoutMs,
    bodyTimeout: policy.fetchTimeoutMs,
  });
}

function checkTarget(url: URL, policy: AudioPolicy, hop: number): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw hop === 0
      ? invalidUrl('audioUrl must be http, https, data or file.')
      : fetchFailed('The audio server redirected to a non-http URL.');
  }
  if (url.username || url.password) {
    throw invalidUrl('audioUrl must not carry a user name or password.');
  }
  if (policy.blockPrivateNetworks) assertPublicLiteral(url.hostname);
}

type Body = Dispatcher.ResponseData['body'];

/** Closes a body we will not read; undici reports that as an abort error nobody needs to hear. */
function discard(body: Body): void {
  body.on('error', () => undefined);
  body.destroy();
}

async function readCapped(body: Body, maxBytes: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += (chunk as Uint8Array).length;
    if (total > maxBytes) {
      discard(body);
      throw tooLarge(maxBytes);
    }
    chunks.push(chunk as Uint8Array);
  }
  return new Uint8Array(Buffer.concat(chunks, total));
}

async function fetchHop(
  url: URL,
  agent: Agent,
  policy: AudioPolicy,
  signal: AbortSignal,
): Promise<URL | Uint8Array> {
  const response = await request(url, {
    dispatcher: agent,
    signal,
    headers: { accept: 'audio/*, */*;q=0.5' },
  });
  const { statusCode, headers, body } = response;
  if (REDIRECT_STATUSES.has(statusCode)) {
    discard(body);
    const location = headers.location;
    if (typeof location !== 'string') {
      throw fetchFailed('The audio server sent a redirect without a location.');
    }
    return new URL(location, url);
  }
  if (statusCode < 200 || statusCode >= 300) {
    discard(body);
    throw fetchFailed(`The audio server answered HTTP ${statusCode}.`);
  }
  const declared = Number(headers['content-length']);
  if (Number.isFinite(declared) && declared > policy.maxBytes) {
    discard(body);
    throw tooLarge(policy.maxBytes);
  }
  return readCapped(body, policy.maxBytes);
}

/** Follows at most MAX_REDIRECTS redirects, checking every hop's scheme and address afresh. */
async function followRedirects(
  start: URL,
  agent: Agent,
  policy: AudioPolicy,
  signal: AbortSignal,
): Promise<Uint8Array> {
  let url = start;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    checkTarget(url, policy, hop);
    const result = await fetchHop(url, agent, policy, signal);
    if (result instanceof Uint8Array) return result;
    url = result;
  }
  throw fetchFailed(`The audio server redirected more than ${MAX_REDIRECTS} times.`);
}

function isBlocked(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e instanceof BlockedAddressError) return true;
  }
  return false;
}

function translate(error: unknown, url: URL, policy: AudioPolicy, timeout: AbortSignal): unknown {
  if (isBlocked(error)) {
    return invalidUrl(
      'audioUrl leads to a private, loopback or link-local address, which this server does not fetch.',
    );
  }
  if (timeout.aborted) {
    return fetchFailed(
      `Fetching the audio from ${url.host} took longer than ${policy.fetchTimeoutMs} ms.`,
    );
  }
  const code = (error as { code?: string }).code;
  if (code === 'UND_ERR_CONNECT_TIMEOUT') {
    return fetchFailed(`Connecting to ${url.host} timed out.`);
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return fetchFailed(`The audio server at ${url.host} stopped responding.`);
  }
  return fetchFailed(`The audio could not be fetched from ${url.host}.`);
}

/**
 * GETs an http(s) URL under the policy's limits: total time, size, redirects, and (when asked)
 * public addresses only. A caller's abort passes through untranslated.
 */
export async function fetchHttp(
  url: URL,
  policy: AudioPolicy,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  const timeout = AbortSignal.timeout(policy.fetchTimeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const agent = createAgent(policy);
  try {
    return await followRedirects(url, agent, policy, combined);
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (error instanceof ScoringError) throw error;
    throw translate(error, url, policy, timeout);
  } finally {
    void agent.destroy();
  }
}
