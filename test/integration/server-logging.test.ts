import { describe, expect, it } from 'vitest';
import type { SpeakingScorer } from '../../src/engine/tasks/index.js';
import { ENDPOINT_PATHS } from '../../src/shared/contract/endpoints.js';
import { API_KEY, post, startServer } from './server-harness.js';

const AUDIO_MARKER = 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA';
const DATA_URL = `data:audio/wav;base64,${AUDIO_MARKER}`;
const REMOTE_URL = 'https://private-bucket.example/learner-1234/answer.wav?token=s3cr3t';
const WRONG_KEY = 'wrong-key-that-must-not-be-logged-991';

describe('logging', () => {
  it('never writes API keys or audio to the log, even when the engine quotes them', async () => {
    const scorer: SpeakingScorer = {
      score: (_task, request) =>
        Promise.reject(new Error(`could not decode ${request.audioUrl} (${REMOTE_URL})`)),
      close: async () => {},
    };
    const server = await startServer({ speakingScorer: scorer });
    try {
      await post(server, ENDPOINT_PATHS.rs, { audioUrl: DATA_URL, refText: 'hello' });
      await post(server, ENDPOINT_PATHS.rl, { audioUrl: REMOTE_URL, refText: 'hello' });
      await post(server, `${ENDPOINT_PATHS.di}?key=${API_KEY}`, {
        audioUrl: DATA_URL,
        refText: 'hi',
      });
      await post(
        server,
        ENDPOINT_PATHS.rs,
        { audioUrl: DATA_URL, refText: 'hello' },
        {
          authorization: WRONG_KEY,
          'content-type': 'application/json',
        },
      );
      await post(server, ENDPOINT_PATHS.wfd, '{"question": "' + DATA_URL, {
        authorization: API_KEY,
        'content-type': 'application/json',
      });
      const logs = server.logs();
      expect(logs).toContain('request failed');
      expect(logs).toContain('data:[redacted]');
      for (const secret of [API_KEY, WRONG_KEY, AUDIO_MARKER, 'private-bucket', 's3cr3t']) {
        expect(logs).not.toContain(secret);
      }
    } finally {
      await server.close();
    }
  });
});
