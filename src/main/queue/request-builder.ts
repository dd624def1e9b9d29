import { createHash } from 'node:crypto';
import { basename, relative, isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Item } from '../../shared/app-api.js';
import type { AttemptRow } from '../store/attempt-rows.js';
import { readRecording } from '../recordings/recordings.js';

/** How recordings reach the endpoint in use; docs/app-data.md explains each way. */
export interface AudioRoute {
  mode: 'embedded' | 'remote';
  /** The embedded engine's --audio-root. */
  audioRoot: string;
  mediaBaseUrl: string;
}

export interface ScoreScaleSetting {
  scale: number;
  precision: number;
}

export interface BuiltRequest {
  body: Record<string, unknown>;
  /** The body as stored with the attempt: exact, except a data: URL's payload is summarised. */
  storedJson: string;
}

export async function buildRequest(
  attempt: AttemptRow,
  item: Item,
  route: AudioRoute,
  scale: ScoreScaleSetting,
): Promise<BuiltRequest> {
  if (attempt.task === 'wfd') {
    const body = { question: item.refText, responseUser: attempt.typed_answer ?? '' };
    return { body, storedJson: JSON.stringify(body) };
  }
  const audio = await audioUrl(attempt, route);
  const body: Record<string, unknown> = {
    audioUrl: audio.url,
    refText: item.refText,
    scale: scale.scale,
    precision: scale.precision,
  };
  if (attempt.task !== 'rs') body.keywords = item.keywords;
  return { body, storedJson: JSON.stringify({ ...body, audioUrl: audio.stored }) };
}

async function audioUrl(
  attempt: AttemptRow,
  route: AudioRoute,
): Promise<{ url: string; stored: string }> {
  const path = attempt.audio_path;
  if (!path) throw new Error(`attempt ${attempt.id} has no recording`);
  if (route.mode === 'embedded' && isInside(route.audioRoot, path)) {
    const url = pathToFileURL(path).href;
    return { url, stored: url };
  }
  if (route.mode === 'remote' && route.mediaBaseUrl !== '') {
    const url = `${route.mediaBaseUrl.replace(/\/+$/u, '')}/${encodeURIComponent(basename(path))}`;
    return { url, stored: url };
  }
  const bytes = await readRecording(path);
  const mime = attempt.audio_mime ?? 'application/octet-stream';
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return {
    url: `data:${mime};base64,${bytes.toString('base64')}`,
    stored: `data:${mime};base64,[${bytes.length} bytes of ${basename(path)}, sha256 ${sha256}]`,
  };
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}
