import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchAudio } from '../../src/engine/audio/fetch.js';
import type { AudioPolicy } from '../../src/engine/tasks/index.js';
import { encodeWav } from '../helpers/speech-fixtures.js';

function policy(overrides: Partial<AudioPolicy> = {}): AudioPolicy {
  return {
    audioRoots: [],
    blockPrivateNetworks: false,
    maxBytes: 1_000_000,
    maxDurationSeconds: 60,
    fetchTimeoutMs: 5000,
    ...overrides,
  };
}

function scoringError(code: string) {
  return expect.objectContaining({ name: 'ScoringError', code, field: 'audioUrl' });
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: Error) => error,
  );
}

const wav = encodeWav(new Float32Array(1600).map((_, i) => Math.sin(i / 5) * 0.5));

describe('fetchAudio: data: URLs', () => {
  const base64Url = `data:audio/wav;base64,${Buffer.from(wav).toString('base64')}`;

  it('decodes base64 payloads byte for byte', async () => {
    expect(Buffer.from(await fetchAudio(base64Url, policy())).equals(Buffer.from(wav))).toBe(true);
  });

  it('accepts media-type parameters, upper case, line breaks and the URL-safe alphabet', async () => {
    const body = Buffer.from(wav).toString('base64url');
    const wrapped = body.replace(/(.{76})/g, '$1\n');
    const bytes = await fetchAudio(`DATA:audio/wav;rate=16000;BASE64,${wrapped}`, policy());
    expect(Buffer.from(bytes).equals(Buffer.from(wav))).toBe(true);
  });

  it('decodes percent-encoded payloads, binary bytes included', async () => {
    const encoded = Array.from(wav, (b) =>
      b >= 0x30 && b <= 0x39 ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`,
    );
    const bytes = await fetchAudio(`data:audio/wav,${encoded.join('')}`, policy());
    expect(Buffer.from(bytes).equals(Buffer.from(wav))).toBe(true);
  });

  it('refuses a payload over the size cap before decoding it, without quoting it', async () => {
    const error = await failure(fetchAudio(base64Url, policy({ maxBytes: 1000 })));
    expect(error).toEqual(scoringError('PAYLOAD_TOO_LARGE'));
    expect(error.message).not.toContain(base64Url.slice(22, 60));
    const percent = await failure(
      fetchAudio(`data:,${'a'.repeat(1001)}`, policy({ maxBytes: 1000 })),
    );
    expect(percent).toEqual(scoringError('PAYLOAD_TOO_LARGE'));
  });

  it('refuses malformed data: URLs without quoting them', async () => {
    const secret = 'c2VjcmV0LWxlYXJuZXItYXVkaW8*';
    for (const url of [
      `data:audio/wav;base64,${secret}`,
      `data:audio/wav;base64${secret}`,
      'data:;base64,%E0%A4%A',
    ]) {
      const error = await failure(fetchAudio(url, policy()));
      expect(error).toEqual(scoringError('INVALID_PARAMETER'));
      expect(error.message).not.toContain(secret);
    }
  });
});

describe('fetchAudio: file: URLs', () => {
  let base: string;
  let root: string;
  let outside: string;

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'examiner-audio-roots-'));
    root = join(base, 'root');
    outside = join(base, 'root-evil');
    await mkdir(join(root, 'nested'), { recursive: true });
    await mkdir(outside);
    await writeFile(join(root, 'nested', 'answer.wav'), wav);
    await writeFile(join(outside, 'secret.wav'), wav);
    await symlink(join(outside, 'secret.wav'), join(root, 'escape.wav'));
    await symlink(join(root, 'nested', 'answer.wav'), join(root, 'alias.wav'));
    await symlink(outside, join(root, 'escape-dir'));
    await symlink(root, join(base, 'root-link'));
  });

  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  const url = (...parts: string[]) => pathToFileURL(join(...parts)).href;

  it('reads files under an allowed root, through symlinks that stay inside it', async () => {
    const allowed = policy({ audioRoots: [root] });
    expect(
      Buffer.from(await fetchAudio(url(root, 'nested', 'answer.wav'), allowed)).equals(
        Buffer.from(wav),
      ),
    ).toBe(true);
    expect((await fetchAudio(url(root, 'alias.wav'), allowed)).length).toBe(wav.length);
  });

  it('judges roots by their real path too', async () => {
    const viaLink = policy({ audioRoots: [join(base, 'root-link')] });
    expect((await fetchAudio(url(root, 'nested', 'answer.wav'), viaLink)).length).toBe(wav.length);
  });

  it.each([
    ['a symlink out of the root', ['escape.wav']],
    ['a symlinked folder out of the root', ['escape-dir', 'secret.wav']],
  ])('refuses %s', async (_name, parts) => {
    await expect(fetchAudio(url(root, ...parts), policy({ audioRoots: [root] }))).rejects.toEqual(
      scoringError('INVALID_PARAMETER'),
    );
  });

  it('refuses traversal, plain or percent-encoded, and sibling folders sharing the prefix', async () => {
    const allowed = policy({ audioRoots: [root] });
    const rootUrl = pathToFileURL(root).href;
    for (const target of [
      `${rootUrl}/../root-evil/secret.wav`,
      `${rootUrl}/%2e%2e/root-evil/secret.wav`,
      url(outside, 'secret.wav'),
    ]) {
      await expect(fetchAudio(target, allowed)).rejects.toEqual(scoringError('INVALID_PARAMETER'));
    }
  });

  it('does not tell whether a file outside the roots exists', async () => {
    const allowed = policy({ audioRoots: [root] });
    for (const target of [url(outside, 'secret.wav'), url(outside, 'no-such-file.wav')]) {
      await expect(fetchAudio(target, allowed)).rejects.toEqual(scoringError('INVALID_PARAMETER'));
    }
  });

  it('refuses every file: URL when no roots are configured', async () => {
    await expect(fetchAudio(url(root, 'nested', 'answer.wav'), policy())).rejects.toEqual(
      scoringError('INVALID_PARAMETER'),
    );
  });

  it('refuses folders, remote hosts, missing files and files over the cap', async () => {
    const allowed = policy({ audioRoots: [root] });
    await expect(fetchAudio(url(root, 'nested'), allowed)).rejects.toEqual(
      scoringError('INVALID_PARAMETER'),
    );
    await expect(fetchAudio('file://fileserver/share/a.wav', allowed)).rejects.toEqual(
      scoringError('INVALID_PARAMETER'),
    );
    await expect(fetchAudio(url(root, 'missing.wav'), allowed)).rejects.toEqual(
      scoringError('AUDIO_FETCH_FAILED'),
    );
    await expect(
      fetchAudio(url(root, 'nested', 'answer.wav'), policy({ audioRoots: [root], maxBytes: 100 })),
    ).rejects.toEqual(scoringError('PAYLOAD_TOO_LARGE'));
  });
});

describe('fetchAudio: other URLs', () => {
  it.each([
    'ftp://example.com/a.wav',
    'javascript:alert(1)',
    'not a url',
    '/relative/path.wav',
    '',
  ])('refuses %j as an invalid parameter', async (url) => {
    await expect(fetchAudio(url, policy())).rejects.toEqual(scoringError('INVALID_PARAMETER'));
  });

  it('stops at once when the caller has already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('client went away'));
    await expect(fetchAudio('data:,abc', policy(), controller.signal)).rejects.toThrow(
      'client went away',
    );
  });
});

describe('fetchAudio: file: URLs read within the fetch timeout', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'examiner-slow-'));
    await writeFile(join(root, 'big.wav'), Buffer.alloc(30 * 1024 * 1024, 1));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('fails a read that outlasts it, instead of holding the request', async () => {
    // No disk reads 30 MB in under a millisecond: this stands in for a hung network mount.
    const url = pathToFileURL(join(root, 'big.wav')).href;
    const slow = policy({ audioRoots: [root], maxBytes: 64 * 1024 * 1024, fetchTimeoutMs: 1 });
    const error = await failure(fetchAudio(url, slow));
    expect(error).toEqual(scoringError('AUDIO_FETCH_FAILED'));
    expect(error.message).toBe('Reading the file named by audioUrl took longer than 0.001 s.');
    const patient = policy({ audioRoots: [root], maxBytes: 64 * 1024 * 1024 });
    expect((await fetchAudio(url, patient)).length).toBe(30 * 1024 * 1024);
  });
});
