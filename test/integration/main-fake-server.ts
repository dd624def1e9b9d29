import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A contract-speaking scoring server for tests, whose every answer a test can script. */
export interface SeenRequest {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export type Reply =
  | { status: number; body: string; headers?: Record<string, string> }
  | { hang: true }
  | { destroy: true }
  | { truncate: true };

export type Script = (request: SeenRequest, index: number) => Reply | Promise<Reply>;

export function envelope(task: string, overall = 3.5): Record<string, unknown> {
  const components =
    task === 'wfd'
      ? [
          {
            name: 'Words',
            score: 7,
            suggestion: 'All words right',
            maxScore: 7,
            status: 0,
            privateNotes: '',
          },
          {
            name: 'overall',
            score: overall,
            suggestion: null,
            maxScore: 0,
            status: 0,
            privateNotes: '',
          },
        ]
      : [
          { name: 'score_content', score: 3, suggestion: null, maxScore: 5, status: 0 },
          { name: 'score_pronunciation', score: 4, suggestion: null, maxScore: 5, status: 0 },
          { name: 'score_fluency', score: 3.5, suggestion: null, maxScore: 5, status: 0 },
          { name: 'overall', score: overall, suggestion: null, maxScore: 0, status: 0 },
        ];
  const word = (w: string, label: string) => ({
    word: w,
    label,
    start: 0,
    end: 0,
    pronunciation: 0.8,
    phonemes: null,
    phonics: null,
  });
  return {
    success: true,
    message: 'OK',
    version: '1.0.0',
    processTime: 0.01,
    data: {
      components,
      words: [word('the', 'Good'), { ...word('', 'Pause'), duration: 420 }, word('cat', 'Bad')],
      error: null,
      transcription: 'the cat',
    },
  };
}

export const ok = (task = 'rs', overall?: number): Reply => ({
  status: 200,
  body: JSON.stringify(envelope(task, overall)),
});

/** A word of a scripted rs answer; phonemes, phonics and duration are null unless given. */
export interface ScriptedWord {
  word: string;
  label: string;
  start: number;
  end: number;
  pronunciation: number;
  /** Left out of the answer when undefined, as in a result from before the engine sent it. */
  unsure?: boolean;
  duration?: number | null;
}

/**
 * A scored rs answer of `words`: overall `overall` of 5 and, when given, content `content` of 3;
 * with the default envelope's transcription unless `transcription` is false.
 */
export function rsAnswer(
  words: ScriptedWord[],
  { overall, content, transcription = true }: RsAnswerOptions = {},
): Reply {
  const result = envelope('rs', overall) as {
    data: { components: Record<string, unknown>[]; words: unknown[]; transcription?: string };
  };
  if (content !== undefined) {
    result.data.components[0] = { ...result.data.components[0], score: content, maxScore: 3 };
  }
  if (!transcription) delete result.data.transcription;
  result.data.words = words.map((word) => ({
    phonemes: null,
    phonics: null,
    duration: null,
    ...word,
  }));
  return { status: 200, body: JSON.stringify(result) };
}

export interface RsAnswerOptions {
  overall?: number;
  content?: number;
  transcription?: boolean;
}

export function failure(
  status: number,
  code: string,
  message: string,
  headers?: Record<string, string>,
): Reply {
  const body = {
    success: false,
    message,
    version: '1.0.0',
    processTime: 0,
    data: { components: [], words: [], error: { code, message, field: null } },
  };
  return { status, body: JSON.stringify(body), ...(headers ? { headers } : {}) };
}

export class FakeScoringServer {
  readonly seen: SeenRequest[] = [];
  script: Script = (request) => ok(request.path.endsWith('wfd') ? 'wfd' : 'rs');
  private server: Server | null = null;
  private port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async listen(port = this.port): Promise<void> {
    const server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening and cuts every open connection, as a killed process would. */
  async kill(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // The queue asks /health while it holds back; that is not a scoring request.
    if (req.method === 'GET' && req.url === '/health') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const request: SeenRequest = {
      path: req.url ?? '',
      authorization: req.headers.authorization,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    };
    this.seen.push(request);
    const reply = await this.script(request, this.seen.length - 1);
    if ('hang' in reply) return;
    if ('destroy' in reply) {
      req.socket.destroy();
      return;
    }
    if ('truncate' in reply) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      res.write('{"success":true,"mess');
      setTimeout(() => req.socket.destroy(), 20);
      return;
    }
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(reply.body);
  }
}
