import { format } from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_PATHS } from '../../src/shared/contract/endpoints.js';
import { parseEnvelope } from '../../src/shared/contract/parse-response.js';
import {
  API_KEY,
  FakeSpeakingScorer,
  failure,
  post,
  startServer,
  withFixedTime,
  type RunningServer,
} from './server-harness.js';

const JSON_TYPE = 'application/json; charset=utf-8';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, unknown>;
  components: {
    schemas: Record<string, { required: string[]; properties: Record<string, unknown> }>;
    securitySchemes: Record<string, unknown>;
  };
}
const RS = { audioUrl: 'https://audio.example/rs.wav', refText: 'hello there' };
const WFD = { question: 'The environment matters.', responseUser: 'the enviroment matters' };

describe('scoring service over HTTP', () => {
  let server: RunningServer;
  const scorer = new FakeSpeakingScorer();

  beforeAll(async () => {
    server = await startServer({ speakingScorer: scorer });
  });
  afterAll(async () => {
    await server.close();
  });

  it('scores Write From Dictation with the exact envelope', async () => {
    const answer = await post(server, ENDPOINT_PATHS.wfd, WFD);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe(JSON_TYPE);
    const word = (text: string, label: string) => ({
      word: text,
      label,
      start: 0,
      end: 0,
      pronunciation: 0,
      phonemes: null,
      phonics: null,
      duration: null,
      userStress: null,
    });
    expect(withFixedTime(answer.body)).toEqual({
      success: true,
      message: 'success',
      version: '0.1.0',
      processTime: 0,
      data: {
        components: [
          {
            name: 'Words',
            score: 2,
            suggestion: 'Good effort: check the spelling of "environment".',
            maxScore: 3,
            status: 0,
            privateNotes: 'Misspelled: "enviroment" for "environment"',
          },
          {
            name: 'overall',
            score: 2,
            suggestion: null,
            maxScore: 0,
            status: 0,
            privateNotes: '2 of 3 words correct.',
          },
        ],
        words: [word('The', 'Good'), word('environment', 'Bad'), word('matters', 'Good')],
        error: null,
        transcription: 'the enviroment matters',
      },
    });
  });

  it('answers one success per endpoint as recorded in the snapshot', async () => {
    const bodies: Record<string, unknown> = {};
    bodies.rs = (await post(server, ENDPOINT_PATHS.rs, RS)).body;
    bodies.rl = (await post(server, ENDPOINT_PATHS.rl, { ...RS, keywords: ['hello'] })).body;
    bodies.di = (await post(server, ENDPOINT_PATHS.di, { ...RS, scale: 10, precision: 0.5 })).body;
    bodies.wfd = (await post(server, ENDPOINT_PATHS.wfd, WFD)).body;
    const fixed = Object.fromEntries(
      Object.entries(bodies).map(([task, body]) => [task, withFixedTime(body)]),
    );
    // Written as Prettier writes JSON, so the repository's format check accepts the file.
    const document = await format(JSON.stringify(fixed), { parser: 'json' });
    await expect(document).toMatchFileSnapshot('./__snapshots__/server-success-responses.json');
  });

  it('shapes speaking results per task: rs words keep duration and unsure, rl and di words drop them', async () => {
    const rs = parseEnvelope((await post(server, ENDPOINT_PATHS.rs, RS)).body);
    const rl = parseEnvelope((await post(server, ENDPOINT_PATHS.rl, RS)).body);
    expect(rs.data.transcription).toBe('hello');
    expect(rs.data.words[0]).toMatchObject({ label: 'Good', unsure: true });
    expect(rs.data.words[1]).toMatchObject({ label: 'Pause', duration: 650, userStress: null });
    expect(rs.data.words[1]).not.toHaveProperty('unsure');
    expect(rl.data).not.toHaveProperty('transcription');
    expect(rs.data).not.toHaveProperty('keyPoints');
    expect(rl.data.keyPoints).toEqual([
      { text: 'hello', heard: true, confidence: 0.9, start: 120, end: 480 },
    ]);
    expect(rl.data.words[1]).not.toHaveProperty('duration');
    expect(rl.data.words[1]).not.toHaveProperty('userStress');
    expect(rl.data.words[0]).not.toHaveProperty('unsure');
    expect(rl.data.components[0]).not.toHaveProperty('privateNotes');
  });

  it('applies the documented defaults before calling the engine', async () => {
    scorer.calls.length = 0;
    await post(server, ENDPOINT_PATHS.rl, { ...RS, extra: 'ignored' });
    expect(scorer.calls).toEqual([
      { task: 'rl', request: { ...RS, scale: 5, precision: 0.01, keywords: [] } },
    ]);
  });

  it('refuses a missing key and a wrong key before reading the body', async () => {
    const noKey = await post(server, ENDPOINT_PATHS.wfd, '{not json', {
      'content-type': 'application/json',
    });
    expect(noKey.status).toBe(401);
    expect(withFixedTime(noKey.body)).toEqual(
      failure('MISSING_API_KEY', 'the Authorization header must carry an API key'),
    );
    const wrongKey = await post(server, ENDPOINT_PATHS.rs, RS, {
      authorization: `${API_KEY}x`,
      'content-type': 'application/json',
    });
    expect(wrongKey.status).toBe(401);
    expect(withFixedTime(wrongKey.body)).toEqual(
      failure('INVALID_API_KEY', 'the API key is not valid'),
    );
  });

  it('takes the key raw, without a scheme word', async () => {
    const answer = await post(server, ENDPOINT_PATHS.wfd, WFD, {
      authorization: `Bearer ${API_KEY}`,
      'content-type': 'application/json',
    });
    expect(answer.status).toBe(401);
  });

  const invalid: Array<[string, string, unknown, string, string | null]> = [
    ['rs', 'scale 0', { ...RS, scale: 0 }, 'scale must be at least 0.01', 'scale'],
    ['rl', 'scale 1e-9', { ...RS, scale: 1e-9 }, 'scale must be at least 0.01', 'scale'],
    [
      'di',
      'scale just under 0.01',
      { ...RS, scale: 0.0099 },
      'scale must be at least 0.01',
      'scale',
    ],
    ['rs', 'scale over 100', { ...RS, scale: 101 }, 'scale must be at most 100', 'scale'],
    ['rl', 'scale as text', { ...RS, scale: '5' }, 'scale must be a number', 'scale'],
    ['di', 'precision 0', { ...RS, precision: 0 }, 'precision must be greater than 0', 'precision'],
    [
      'rs',
      'precision over 1',
      { ...RS, precision: 1.5 },
      'precision must be at most 1',
      'precision',
    ],
    ['rs', 'no audioUrl', { refText: 'hi' }, 'audioUrl is required', 'audioUrl'],
    [
      'rs',
      'empty refText',
      { ...RS, refText: '  ' },
      'refText must contain at least one word',
      'refText',
    ],
    [
      'rs',
      'refText of 1001 words',
      { ...RS, refText: 'word '.repeat(1001) },
      'refText must not exceed 1000 words',
      'refText',
    ],
    [
      'rl',
      'keywords not a list',
      { ...RS, keywords: 'a,b' },
      'keywords must be an array of strings',
      'keywords',
    ],
    [
      'wfd',
      'no responseUser',
      { question: 'Hi there' },
      'responseUser is required',
      'responseUser',
    ],
    [
      'wfd',
      'punctuation-only question',
      { question: '?!', responseUser: '' },
      'question must contain at least one word',
      'question',
    ],
    ['wfd', 'a JSON array', [1, 2], 'request body must be a JSON object', null],
  ];

  it.each(invalid)('%s: %s is INVALID_PARAMETER', async (task, _name, body, message, field) => {
    const answer = await post(server, ENDPOINT_PATHS[task as 'rs'], body);
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toBe(JSON_TYPE);
    expect(withFixedTime(answer.body)).toEqual(failure('INVALID_PARAMETER', message, field));
  });

  it('reports malformed and empty JSON as INVALID_JSON', async () => {
    const malformed = await post(server, ENDPOINT_PATHS.rs, '{"audioUrl": ');
    expect(malformed.status).toBe(400);
    expect(withFixedTime(malformed.body)).toEqual(
      failure('INVALID_JSON', 'request body is not valid JSON'),
    );
    const empty = await post(server, ENDPOINT_PATHS.wfd, '');
    expect(empty.status).toBe(400);
    expect(withFixedTime(empty.body)).toEqual(
      failure('INVALID_JSON', 'request body is empty; send a JSON object'),
    );
  });

  it('refuses bodies that are not JSON with UNSUPPORTED_MEDIA_TYPE', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const answer = await post(server, ENDPOINT_PATHS.wfd, 'question=hi', {
        authorization: API_KEY,
        'content-type': type,
      });
      expect(answer.status).toBe(415);
      expect(withFixedTime(answer.body)).toEqual(
        failure('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json'),
      );
    }
  });

  it('accepts a 30 MB body and refuses one over 32 MB with PAYLOAD_TOO_LARGE', async () => {
    const audio = `data:audio/wav;base64,${'A'.repeat(30 * 1000 * 1000)}`;
    const accepted = await post(server, ENDPOINT_PATHS.rs, { ...RS, audioUrl: audio });
    expect(accepted.status).toBe(200);
    const tooLarge = await post(server, ENDPOINT_PATHS.rs, {
      ...RS,
      audioUrl: `${audio}${'A'.repeat(4 * 1024 * 1024)}`,
    });
    expect(tooLarge.status).toBe(413);
    expect(withFixedTime(tooLarge.body)).toEqual(
      failure('PAYLOAD_TOO_LARGE', 'request body exceeds 32 MB'),
    );
  });

  it('answers unknown routes with NOT_FOUND and wrong methods with METHOD_NOT_ALLOWED', async () => {
    const missing = await post(server, '/exam/speaking/xx', RS);
    expect(missing.status).toBe(404);
    expect(withFixedTime(missing.body)).toEqual(failure('NOT_FOUND', 'no such endpoint'));
    const wrong = await fetch(server.baseUrl + ENDPOINT_PATHS.wfd, {
      headers: { authorization: API_KEY },
    });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    expect(wrong.headers.get('content-type')).toBe(JSON_TYPE);
    expect(withFixedTime(await wrong.json())).toEqual(
      failure('METHOD_NOT_ALLOWED', 'GET is not allowed here; use POST'),
    );
  });

  it('takes the dictation answer as a list of words too', async () => {
    const answer = await post(server, ENDPOINT_PATHS.wfd, {
      question: WFD.question,
      responseUser: ['the', 'environment', 'matters'],
    });
    expect(answer.status).toBe(200);
    expect(parseEnvelope(answer.body).data.components[0]?.score).toBe(3);
    const wrongType = await post(server, ENDPOINT_PATHS.wfd, { question: 'hi', responseUser: 5 });
    expect(withFixedTime(wrongType.body)).toEqual(
      failure(
        'INVALID_PARAMETER',
        'responseUser must be a string or a list of strings',
        'responseUser',
      ),
    );
  });

  it('refuses dictation audio: the sentence must be sent as text', async () => {
    const answer = await post(server, ENDPOINT_PATHS.wfd, {
      question: 'https://audio.example/wfd.mp3',
      responseUser: 'anything',
    });
    expect(answer.status).toBe(501);
    expect(withFixedTime(answer.body)).toEqual(
      failure(
        'NOT_AVAILABLE',
        'transcribing dictation audio is not supported; send the dictated sentence as text',
        'question',
      ),
    );
  });

  it('reports ready on /health and serves an OpenAPI document from the schemas', async () => {
    const health = await fetch(`${server.baseUrl}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ready' });
    const openApi = await fetch(`${server.baseUrl}/openapi.json`);
    expect(openApi.headers.get('content-type')).toBe(JSON_TYPE);
    const document = (await openApi.json()) as OpenApiDocument;
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(Object.values(ENDPOINT_PATHS));
    const rs = document.components.schemas.rsRequest;
    expect(rs?.required).toEqual(['audioUrl', 'refText']);
    expect(rs?.properties.scale).toMatchObject({ type: 'number', default: 5, maximum: 100 });
    expect(document.components.schemas.wfdRequest?.required).toEqual(['question', 'responseUser']);
    expect(document.components.securitySchemes.apiKey).toMatchObject({
      in: 'header',
      name: 'Authorization',
    });
  });
});

describe('speech scoring absent', () => {
  it('answers NOT_AVAILABLE, never a made-up score, while dictation still works', async () => {
    const server = await startServer();
    try {
      const speaking = await post(server, ENDPOINT_PATHS.di, RS);
      expect(speaking.status).toBe(501);
      expect(withFixedTime(speaking.body)).toEqual(
        failure('NOT_AVAILABLE', 'speech scoring is not available on this server'),
      );
      expect((await post(server, ENDPOINT_PATHS.wfd, WFD)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
