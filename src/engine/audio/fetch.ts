import type { AudioPolicy } from './policy.js';
import { readDataUrl } from './data-url.js';
import { invalidUrl } from './errors.js';
import { readFileUrl } from './file-url.js';
import { fetchHttp } from './http.js';

function parseUrl(url: string): URL {
  try {
    return new URL(url);
  } catch {
    throw invalidUrl('audioUrl is not a valid absolute URL.');
  }
}

/**
 * Fetches the learner's audio from an http(s), data: or file: URL under the policy's limits.
 * Refusals of the URL itself are INVALID_PARAMETER; failures while fetching are
 * AUDIO_FETCH_FAILED; more than `policy.maxBytes` is PAYLOAD_TOO_LARGE.
 */
export async function fetchAudio(
  url: string,
  policy: AudioPolicy,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  signal?.throwIfAborted();
  // data: URLs are read from the string as given; URL parsing would copy a multi-megabyte payload.
  if (/^data:/i.test(url.trimStart())) return readDataUrl(url.trimStart(), policy.maxBytes);
  const parsed = parseUrl(url);
  switch (parsed.protocol) {
    case 'http:':
    case 'https:':
      return fetchHttp(parsed, policy, signal);
    case 'file:':
      return readFileUrl(parsed, policy.audioRoots, {
        maxBytes: policy.maxBytes,
        timeoutMs: policy.fetchTimeoutMs,
      });
    default:
      throw invalidUrl('audioUrl must be an http, https, data or file URL.');
  }
}
