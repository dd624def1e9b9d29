/**
 * The scoring server as an operator runs it: the `npm run dist:server` folder started with
 * plain `node`, several instances on loopback, and Debian's nginx in front of them with the
 * proxy settings shipped in deploy/nginx/scoring-proxy.conf.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { READING_SENTENCE, spokenReading } from '../helpers/speech-fixtures.js';

const run = promisify(execFile);
export const ROOT = join(import.meta.dirname, '..', '..');
export const CLUSTER_KEY = 'cluster-key-5d1e9a7c3b';
const PROXY_SETTINGS = join(ROOT, 'deploy', 'nginx', 'scoring-proxy.conf');
/** The first start loads the speech model in every worker: slow on a busy 2-core machine. */
const READY_TIMEOUT_MS = 90_000;

export function tempFolder(prefix: string): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** Builds the server's dist folder into `out` (outside the repository, so nothing resolves there). */
export async function buildDistServer(out: string): Promise<void> {
  await run(process.execPath, [join(ROOT, 'scripts', 'dist-server.mjs'), '--out', out], {
    cwd: ROOT,
  });
}

export function hasNginx(): boolean {
  const result = spawnSync('nginx', ['-v'], { stdio: 'ignore' });
  return result.error === undefined && result.status === 0;
}

/**
 * Why the nginx tests cannot run here, or undefined when they can. Under CI they must run:
 * `.ci/run` installs nginx, so its absence there is an error, not a skip.
 */
export function missingNginxReason(): string | undefined {
  if (hasNginx()) return undefined;
  if (process.env.CI === 'true') throw new Error('CI=true but nginx is not on PATH');
  const reason = 'nginx tests skipped: they need Debian’s nginx on PATH (apt-get install nginx)';
  console.warn(reason);
  return reason;
}

/** A port nothing listens on now, for nginx, which cannot be told to pick one. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

interface LoggedRequest {
  url: string;
  status?: number;
}

/** One `node server.js` process of the dist folder. */
export class ServerInstance {
  readonly child: ChildProcess;
  readonly ready: Promise<number>;
  readonly exited: Promise<number | string>;
  port = 0;
  private readonly errorLines: string[] = [];
  /** Requests by Fastify's request id, from the server's own log lines. */
  readonly requests = new Map<string, LoggedRequest>();

  constructor(
    distDir: string,
    keysFile: string,
    extra: string[] = [],
    env: Record<string, string> = {},
  ) {
    const args = ['server.js', '--port', '0', '--keys', keysFile, '--workers', '1', ...extra];
    this.child = spawn(process.execPath, args, {
      cwd: distDir,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.exited = new Promise((resolve) =>
      this.child.once('exit', (code, signal) => resolve(signal ?? code ?? -1)),
    );
    createInterface({ input: this.child.stderr! }).on('line', (line) => this.onLog(line));
    this.ready = new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('server not ready in time')),
        READY_TIMEOUT_MS,
      );
      createInterface({ input: this.child.stdout! }).on('line', (line) => {
        const match = /^EXAMINER_SERVER_READY (\{.*\})$/u.exec(line);
        if (!match) return;
        clearTimeout(timer);
        this.port = (JSON.parse(match[1]!) as { port: number }).port;
        resolve(this.port);
      });
      void this.exited.then((how) => {
        clearTimeout(timer);
        reject(new Error(`server exited with ${how} before it was ready: ${this.log()}`));
      });
    });
  }

  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  log(): string {
    return this.errorLines.join('\n');
  }

  /** Scoring requests this instance has begun and not yet answered, by request id. */
  inFlight(): string[] {
    return [...this.requests].filter(([, r]) => r.status === undefined).map(([id]) => id);
  }

  private onLog(line: string): void {
    this.errorLines.push(line);
    let entry: {
      reqId?: string;
      msg?: string;
      req?: { url?: string };
      res?: { statusCode?: number };
    };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      return;
    }
    if (!entry.reqId) return;
    if (entry.msg === 'incoming request' && entry.req?.url?.startsWith('/exam/')) {
      this.requests.set(entry.reqId, { url: entry.req.url });
    } else if (entry.msg === 'request completed') {
      const known = this.requests.get(entry.reqId);
      if (known) known.status = entry.res?.statusCode;
    }
  }
}

/** Starts an instance and waits until its `/health` answers 200. */
export async function startInstance(
  distDir: string,
  keysFile: string,
  extra: string[] = [],
  env: Record<string, string> = {},
): Promise<ServerInstance> {
  const instance = new ServerInstance(distDir, keysFile, extra, env);
  const port = await instance.ready;
  await waitUntil(async () => (await healthStatus(`http://127.0.0.1:${port}`)) === 200, {
    timeoutMs: READY_TIMEOUT_MS,
    what: `instance on port ${port} healthy`,
  });
  return instance;
}

export async function healthStatus(baseUrl: string): Promise<number | 'refused'> {
  try {
    const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 'refused';
  }
}

export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  { timeoutMs, what }: { timeoutMs: number; what: string },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Debian's nginx as an ordinary process: its own prefix, config, logs and temp folders in a
 * temporary directory, listening on loopback, run in the foreground so the test owns it.
 */
export class Nginx {
  readonly prefix: string;
  private child: ChildProcess | undefined;
  private generation = 0;
  private errors = '';
  port = 0;

  constructor() {
    this.prefix = mkdtempSync(join(tmpdir(), 'examiner-nginx-'));
    // Run as root (CI), nginx's workers drop to `nobody`, which must reach its temp folders.
    chmodSync(this.prefix, 0o755);
    mkdirSync(join(this.prefix, 'logs'));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts nginx on `port` (a restart keeps its address) or on a free one. */
  async start(upstreams: string[], port?: number): Promise<void> {
    this.port = port ?? (await freePort());
    this.writeConfig(upstreams);
    const conf = join(this.prefix, 'nginx.conf');
    const child = spawn('nginx', ['-p', this.prefix, '-c', conf, '-e', 'stderr'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr!.on('data', (chunk: Buffer) => (this.errors += chunk.toString()));
    this.child = child;
    await this.waitForGeneration();
  }

  /** Points nginx at new upstreams, as an operator's `nginx -s reload` does. */
  async reload(upstreams: string[]): Promise<void> {
    this.writeConfig(upstreams);
    this.child!.kill('SIGHUP');
    await this.waitForGeneration();
  }

  errorLog(): string {
    return this.errors;
  }

  /** SIGQUIT lets answers in flight finish; SIGTERM drops every connection at once. */
  async stop(signal: 'SIGQUIT' | 'SIGTERM' = 'SIGQUIT'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  remove(): void {
    rmSync(this.prefix, { recursive: true, force: true });
  }

  /** Waits until nginx's workers answer with the configuration written last. */
  private async waitForGeneration(): Promise<void> {
    const wanted = String(this.generation);
    await waitUntil(
      async () => {
        if (this.child?.exitCode !== null) throw new Error(`nginx exited: ${this.errors}`);
        try {
          const response = await fetch(`${this.url}/__generation`);
          return (await response.text()) === wanted;
        } catch {
          return false;
        }
      },
      { timeoutMs: 30_000, what: `nginx configuration ${wanted}` },
    );
  }

  private writeConfig(upstreams: string[]): void {
    this.generation += 1;
    const p = this.prefix;
    const servers = upstreams
      .map((address) => `    server ${address} max_fails=3 fail_timeout=5s;`)
      .join('\n');
    const conf = `
daemon off;
worker_processes 1;
pid ${p}/nginx.pid;
error_log stderr warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${p}/client_body;
  proxy_temp_path ${p}/proxy;
  fastcgi_temp_path ${p}/fastcgi;
  uwsgi_temp_path ${p}/uwsgi;
  scgi_temp_path ${p}/scgi;
  upstream examiner_scoring {
${servers}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${this.port};
    # Which instance (or instances, when retried) answered: for the test's counts.
    add_header X-Examiner-Upstream $upstream_addr always;
    location = /__generation { return 200 "${this.generation}"; }
    include ${PROXY_SETTINGS};
  }
}
`;
    writeFileSync(join(p, 'nginx.conf'), conf);
  }
}

export function writeKeys(folder: string): string {
  const file = join(folder, 'keys.txt');
  writeFileSync(file, `# test centre key\n${CLUSTER_KEY}\n`, { mode: 0o600 });
  return file;
}

/** A real Repeat Sentence answer (espeak-ng, padded) as a `data:` URL, as the app sends it. */
export async function repeatSentenceAnswer(): Promise<string> {
  return `data:audio/wav;base64,${Buffer.from(await spokenReading()).toString('base64')}`;
}

export interface ScoredEnvelope {
  success: boolean;
  data: { components: Array<{ name: string; score: number }>; error: { code: string } | null };
}

export interface Outcome {
  ok: boolean;
  status: number | 'network error';
  /** nginx's $upstream_addr: more than one address when it retried elsewhere. */
  upstreams: string[];
  content?: number;
  error?: string;
  /** undici's code for a request that got no response ("UND_ERR_SOCKET", "ECONNRESET"…). */
  cause?: string;
  /** Sends the client repeated after the connection closed before any response. */
  resends?: number;
}

export async function scoreThrough(baseUrl: string, audioUrl: string): Promise<Outcome> {
  try {
    const response = await fetch(`${baseUrl}/exam/speaking/rs`, {
      method: 'POST',
      headers: { authorization: CLUSTER_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ audioUrl, refText: READING_SENTENCE }),
      signal: AbortSignal.timeout(120_000),
    });
    const text = await response.text();
    const upstreams = (response.headers.get('x-examiner-upstream') ?? '')
      .split(/,\s*/u)
      .filter(Boolean);
    let body: ScoredEnvelope | undefined;
    try {
      body = JSON.parse(text) as ScoredEnvelope;
    } catch {
      return { ok: false, status: response.status, upstreams, error: text.slice(0, 200) };
    }
    const content = body.data.components.find((c) => c.name === 'score_content')?.score;
    const ok = response.status === 200 && body.success && content === 3;
    return { ok, status: response.status, upstreams, content, error: body.data.error?.code };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { ok: false, status: 'network error', upstreams: [], error: String(error), cause };
  }
}

/** How a connection that closes before any response byte shows in undici's fetch. */
const CLOSED_BEFORE_RESPONSE: ReadonlySet<string | undefined> = new Set([
  'UND_ERR_SOCKET',
  'ECONNRESET',
  'EPIPE',
]);
const MAX_RESENDS = 2;

/**
 * One answer as the app's scoring client sends it: a request whose connection closed before
 * any response is sent again (the client's `unreachable` is retryable). nginx's reload closes
 * its idle keep-alive connections to clients, and a request sent on one at that instant is
 * reset unseen (nginx before 1.27.4 has no `keepalive_min_timeout`); RFC 9112 §9.3.1 leaves
 * the resend to the client, which may since scoring stores nothing.
 */
async function answerAsTheApp(baseUrl: string, audioUrl: string): Promise<Outcome> {
  for (let resends = 0; ; resends += 1) {
    const outcome = await scoreThrough(baseUrl, audioUrl);
    if (!CLOSED_BEFORE_RESPONSE.has(outcome.cause) || resends === MAX_RESENDS)
      return { ...outcome, resends };
  }
}

/** Clients scoring one answer after another until stopped; every outcome is kept. */
export class ContinuousLoad {
  readonly outcomes: Outcome[] = [];
  private running = true;
  private readonly loops: Array<Promise<void>>;

  constructor(baseUrl: string, audioUrl: string, clients: number) {
    this.loops = Array.from({ length: clients }, async () => {
      while (this.running) this.outcomes.push(await answerAsTheApp(baseUrl, audioUrl));
    });
  }

  /** Waits for `count` more answers than now. */
  async answers(count: number, timeoutMs = 120_000): Promise<void> {
    const target = this.outcomes.length + count;
    await waitUntil(() => this.outcomes.length >= target, {
      timeoutMs,
      what: `${count} more answers`,
    });
  }

  /** Stops starting new requests and waits for those in flight. */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }
}

export interface PhaseReport {
  sent: number;
  succeeded: number;
  failed: number;
  retriedByBalancer: number;
  resentByClient: number;
}

export function report(outcomes: Outcome[]): PhaseReport {
  const succeeded = outcomes.filter((o) => o.ok).length;
  return {
    sent: outcomes.length,
    succeeded,
    failed: outcomes.length - succeeded,
    retriedByBalancer: outcomes.filter((o) => o.upstreams.length > 1).length,
    resentByClient: outcomes.reduce((sum, o) => sum + (o.resends ?? 0), 0),
  };
}

export function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}
