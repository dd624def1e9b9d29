/**
 * Load test of the scoring server on loopback: the real CLI in its own process, the load in
 * this one. `npm run bench:load [-- --seconds N] [--connections N] [--no-speech] [--scenario hostile]
 * [--refusal-limit N] [--shared-key] [--rounds N]`.
 *
 * 1. Dictation: requests/second and latency for scored wfd answers and bad-key refusals
 *    (autocannon).
 * 2. Repeat Sentence with real recordings (speechocean762 from ../shared/so762 when present,
 *    else espeak-ng sentences made now; skipped, saying so, when neither is there): 1, 2 and 4
 *    clients each sending one answer after another, on a server with 1 worker and with one
 *    per core; throughput, p50, p99, the scaling from one worker to all, worker memory.
 * 3. Open load at 80% of the measured peak, answers arriving at random (Poisson): p99.
 * 4. Mixed: 1000-word rs requests on every worker while /health and wfd are hammered.
 * 5. Hostile: real answers scored by 2 clients, alone and then while 8 clients send 30 MB JSON
 *    bodies of `{}` and free-format MP3s: /health p99, the real answers' throughput kept, and
 *    the server's peak memory. `--scenario hostile` runs this one alone. The attackers are
 *    another client, with a key of their own (`--shared-key`: the honest clients' key); the
 *    server has its default refusal limit (`--refusal-limit N` sets it, 0 turns it off).
 *    `--rounds N` runs without and with the attack N times in turn.
 */
import autocannon from 'autocannon';
import { execFile } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import {
  startServer as startScoringServer,
  waitUntilHealthy,
  type Server,
} from './server-process.js';

const KEY = 'bench-key-0123456789abcdef';
/** The hostile scenario's attackers are another client, with a key of their own. */
const ATTACKER_KEY = 'bench-attacker-key-0123456789';
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SO762_AUDIO = resolve(ROOT, '../shared/so762/audio');
const WFD_BODY = JSON.stringify({
  question: 'The university library will be closed for renovation during the summer holidays.',
  responseUser: 'the univercity library will be closed for renovation during summer holiday',
});
const ESPEAK_SENTENCES = [
  'The students finished their project before the deadline',
  'Most of the museum will be closed for repairs next week',
  'She asked the librarian where to find the history books',
  'Our train was delayed because of the heavy snow',
  'The results of the survey surprised the research team',
  'Please remember to bring your passport to the airport',
];

interface Answer {
  audioUrl: string;
  refText: string;
}

function startServer(args: string[]): Promise<Server> {
  return startScoringServer([KEY, ATTACKER_KEY], ['--rate-limit', '0', ...args]);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function workerPids(serverPid: number): number[] {
  try {
    const children = readFileSync(`/proc/${serverPid}/task/${serverPid}/children`, 'utf8');
    return children.trim().split(/\s+/u).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB$/mu.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** CPU seconds (user + system) a process has used; Linux reports them in 1/100 s. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

interface Observed<T> {
  result: T;
  /** The highest resident memory any one worker reached. */
  peakRssMb: number;
  /** CPU the workers used, and the wall time it was used in. */
  workerCpuSeconds: number;
  wallSeconds: number;
}

/** Runs `work` while sampling the server's workers: memory every 100 ms, CPU before and after. */
async function observeWorkers<T>(serverPid: number, work: () => Promise<T>): Promise<Observed<T>> {
  let peakRssMb = 0;
  const cpuBefore = new Map(workerPids(serverPid).map((pid) => [pid, cpuSeconds(pid)]));
  const sample = () => {
    for (const pid of workerPids(serverPid)) peakRssMb = Math.max(peakRssMb, rssMb(pid));
  };
  sample();
  const timer = setInterval(sample, 100);
  const started = performance.now();
  try {
    const result = await work();
    let workerCpuSeconds = 0;
    for (const pid of workerPids(serverPid)) {
      workerCpuSeconds += cpuSeconds(pid) - (cpuBefore.get(pid) ?? 0);
    }
    const wallSeconds = (performance.now() - started) / 1000;
    return { result, peakRssMb, workerCpuSeconds, wallSeconds };
  } finally {
    clearInterval(timer);
  }
}

// ---- 1. Dictation ------------------------------------------------------------------------

async function wfdRun(port: number, key: string, seconds: number, connections: number) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/exam/listening/wfd`,
    method: 'POST',
    headers: { authorization: key, 'content-type': 'application/json' },
    body: WFD_BODY,
    connections,
    duration: seconds,
  });
  const unexpected = key === KEY ? result.non2xx : result['2xx'];
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    errors: result.errors + result.timeouts + unexpected,
  };
}

async function dictation(seconds: number, connections: number): Promise<void> {
  const server = await startServer(['--log-level', 'warn']);
  try {
    await waitUntilHealthy(server.port);
    console.log('\n### Dictation (autocannon)\n');
    console.log('| Scenario | Requests/s | p50 ms | p99 ms | Requests | Errors |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const [name, key] of [
      ['wfd scored (200)', KEY],
      ['bad key refused (401)', 'not-a-key'],
    ] as const) {
      const row = await wfdRun(server.port, key, seconds, connections);
      console.log(
        `| ${name} | ${row.requestsPerSecond} | ${row.p50Ms} | ${row.p99Ms} | ${row.total} | ${row.errors} |`,
      );
    }
  } finally {
    await server.stop();
  }
}

// ---- 2. Speech recordings ----------------------------------------------------------------

/** speechocean762 answers of 2.5 to 4.5 s (the corpus's median is 3.5 s), read where they lie. */
function so762Answers(): { folder: string; answers: Answer[] } | undefined {
  const labels = resolve(SO762_AUDIO, '../labels.jsonl');
  if (!existsSync(SO762_AUDIO) || !existsSync(labels)) return undefined;
  const texts = new Map<string, string>();
  for (const line of readFileSync(labels, 'utf8').split('\n').filter(Boolean)) {
    const { id, text } = JSON.parse(line) as { id: string; text: string };
    texts.set(id, text);
  }
  const answers = readdirSync(SO762_AUDIO)
    .filter((file) => file.endsWith('.wav'))
    .sort()
    .filter((file) => {
      const seconds = (statSync(join(SO762_AUDIO, file)).size - 44) / 32_000;
      return seconds >= 2.5 && seconds <= 4.5 && texts.has(file.slice(0, -4));
    })
    .slice(0, 60)
    .map((file) => ({
      audioUrl: pathToFileURL(join(SO762_AUDIO, file)).href,
      refText: texts.get(file.slice(0, -4))!,
    }));
  return { folder: SO762_AUDIO, answers };
}

async function espeakAnswers(): Promise<{ folder: string; answers: Answer[] } | undefined> {
  const run = promisify(execFile);
  try {
    await run('espeak-ng', ['--version']);
  } catch {
    return undefined;
  }
  const folder = mkdtempSync(join(tmpdir(), 'bench-load-speech-'));
  const answers: Answer[] = [];
  for (const [index, sentence] of ESPEAK_SENTENCES.entries()) {
    const file = join(folder, `answer-${index}.wav`);
    await run('espeak-ng', ['-v', 'en-us+f2', '-s', '150', '-w', file, '--', sentence]);
    answers.push({ audioUrl: pathToFileURL(file).href, refText: sentence });
  }
  return { folder, answers };
}

async function scoreOnce(port: number, answer: Answer): Promise<[number, boolean]> {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/exam/speaking/rs`, {
    method: 'POST',
    headers: { authorization: KEY, 'content-type': 'application/json' },
    body: JSON.stringify(answer),
  });
  const body = (await response.json()) as { success: boolean };
  return [performance.now() - started, response.status === 200 && body.success];
}

interface SpeechRow {
  throughput: number;
  p50: number;
  p99: number;
  done: number;
  errors: number;
}

function summarise(latencies: number[], errors: number, seconds: number): SpeechRow {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    throughput: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    done: latencies.length,
    errors,
  };
}

/** `clients` clients, each sending its next answer as soon as the last is answered. */
async function closedLoop(port: number, answers: Answer[], clients: number, seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const end = performance.now() + seconds * 1000;
  const client = async () => {
    while (performance.now() < end) {
      const [ms, ok] = await scoreOnce(port, answers[next++ % answers.length]!);
      if (ok) latencies.push(ms);
      else errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, client));
  return summarise(latencies, errors, (performance.now() - started) / 1000);
}

/** Answers arriving at random at `rate` per second (Poisson), as a test centre's would. */
async function openLoop(port: number, answers: Answer[], rate: number, seconds: number) {
  let seed = 762;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) + 0.5) / 2 ** 31;
  const latencies: number[] = [];
  let errors = 0;
  const pending: Array<Promise<void>> = [];
  const started = performance.now();
  let at = 0;
  for (let i = 0; ; i++) {
    at += (-Math.log(random()) / rate) * 1000;
    if (at > seconds * 1000) break;
    const wait = started + at - performance.now();
    if (wait > 0) await new Promise((done) => setTimeout(done, wait));
    pending.push(
      scoreOnce(port, answers[i % answers.length]!).then(([ms, ok]) => {
        if (ok) latencies.push(ms);
        else errors++;
      }),
    );
  }
  await Promise.all(pending);
  return summarise(latencies, errors, seconds);
}

const ms = (value: number) => Math.round(value).toString();

function speechRow(workers: number, clients: number, seen: Observed<SpeechRow>): string {
  const row = seen.result;
  const cpuPerAnswer = (seen.workerCpuSeconds / Math.max(1, row.done)).toFixed(2);
  const coreShare = (seen.workerCpuSeconds / (seen.wallSeconds * workers)).toFixed(2);
  return (
    `| ${workers} | ${clients} | ${row.throughput.toFixed(2)} | ${ms(row.p50)} | ${ms(row.p99)} | ` +
    `${row.done} | ${row.errors} | ${cpuPerAnswer} | ${coreShare} | ${Math.round(seen.peakRssMb)} |`
  );
}

function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

/**
 * One server with a single worker and one with a worker per core run side by side, and the
 * runs alternate between them, so that load from elsewhere on a shared machine falls on both
 * alike rather than on whichever happened to run during it.
 */
async function speech(answers: Answer[], folder: string, seconds: number): Promise<void> {
  const cores = availableParallelism();
  // Room for every client's answer to wait its turn: the default (2 per worker) refuses
  // the rest with OVERLOADED, which a closed-loop client would turn into a retry storm.
  const start = (workers: number) =>
    startServer(['--workers', String(workers), '--max-jobs', '16', '--audio-root', folder]);
  const servers = [
    { workers: 1, server: await start(1) },
    { workers: cores, server: await start(cores) },
  ];
  try {
    for (const { server } of servers) {
      await waitUntilHealthy(server.port);
      await scoreOnce(server.port, answers[0]!); // first-answer costs out of the figures
    }
    console.log(`\n### Repeat Sentence, closed loop (${seconds} s per run)\n`);
    console.log(
      '| Workers | Clients | Answers/s | p50 ms | p99 ms | Answers | Errors | Worker CPU s per answer | Core share per worker | Peak RSS per worker MB |',
    );
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    const saturated: Record<number, number[]> = { 1: [], [cores]: [] };
    for (const clients of [1, 2, 4]) {
      for (const { workers, server } of servers) {
        const seen = await observeWorkers(server.pid, () =>
          closedLoop(server.port, answers, clients, seconds),
        );
        if (clients === 4) saturated[workers]!.push(seen.result.throughput);
        console.log(speechRow(workers, clients, seen));
      }
    }
    // Two more rounds at 4 clients, for the scaling's median.
    for (let round = 0; round < 2; round++) {
      for (const { workers, server } of servers) {
        const row = await closedLoop(server.port, answers, 4, seconds);
        saturated[workers]!.push(row.throughput);
      }
    }
    const one = median(saturated[1]!);
    const all = median(saturated[cores]!);
    const rounds = saturated[1]!.map((value, i) => (saturated[cores]![i]! / value).toFixed(2));
    console.log(
      `\nScaling at 4 clients, median of 3 alternating rounds: ${all.toFixed(2)} answers/s with ${cores} workers ` +
        `vs ${one.toFixed(2)} with 1: ${(all / one).toFixed(2)}× (rounds: ${rounds.join(', ')})`,
    );
    const rate = 0.8 * all;
    const { result: row, peakRssMb: rss } = await observeWorkers(servers[1]!.server.pid, () =>
      openLoop(servers[1]!.server.port, answers, rate, seconds * 3),
    );
    console.log(
      `\nOpen load at 80% of peak (${rate.toFixed(2)} answers/s, Poisson arrivals, ${seconds * 3} s, ${cores} workers): ` +
        `p50 ${ms(row.p50)} ms, p99 ${ms(row.p99)} ms, ${row.done} answers, ${row.errors} errors, peak RSS per worker ${Math.round(rss)} MB`,
    );
  } finally {
    await Promise.all(servers.map(({ server }) => server.stop()));
  }
}

// ---- 4. Mixed ----------------------------------------------------------------------------

async function mixed(answer: Answer, folder: string, seconds: number): Promise<void> {
  const server = await startServer(['--audio-root', folder, '--log-level', 'warn']);
  const url = (path: string) => `http://127.0.0.1:${server.port}${path}`;
  try {
    await waitUntilHealthy(server.port);
    const words = answer.refText.split(' ');
    const longText = Array.from({ length: 1000 }, (_, i) => words[i % words.length]).join(' ');
    const baseline = await wfdRun(server.port, KEY, seconds, 4);
    // On every worker, one 1000-word request after another, so that all are busy throughout.
    const outcomes: string[] = [];
    const end = performance.now() + seconds * 1000;
    const longRequests = async () => {
      while (performance.now() < end) {
        const started = performance.now();
        const response = await fetch(url('/exam/speaking/rs'), {
          method: 'POST',
          headers: { authorization: KEY, 'content-type': 'application/json' },
          body: JSON.stringify({ audioUrl: answer.audioUrl, refText: longText }),
        });
        const body = (await response.json()) as { data: { error: { code: string } | null } };
        const took = ((performance.now() - started) / 1000).toFixed(1);
        outcomes.push(`${response.status} ${body.data.error?.code ?? 'scored'} after ${took} s`);
      }
    };
    const workers = availableParallelism();
    const long = observeWorkers(server.pid, () =>
      Promise.all(Array.from({ length: workers }, longRequests)),
    );
    const [health, wfd] = await Promise.all([
      autocannon({ url: url('/health'), connections: 1, duration: seconds }),
      wfdRun(server.port, KEY, seconds, 4),
    ]);
    const rss = (await long).peakRssMb;
    console.log(
      `\n### Mixed: 1000-word rs requests on every worker while /health and wfd are hammered (${seconds} s)\n`,
    );
    console.log(
      `1000-word requests, ${workers} at a time: ${outcomes.join('; ')}. Workers peaked at ${Math.round(rss)} MB.\n`,
    );
    console.log('| Measure | Requests/s | p50 ms | p99 ms | Errors |');
    console.log('|---|---:|---:|---:|---:|');
    console.log(
      `| /health (1 connection) | ${Math.round(health.requests.average)} | ${health.latency.p50} | ${health.latency.p99} | ${health.errors + health.non2xx} |`,
    );
    for (const [name, row] of [
      ['wfd during (4 connections)', wfd],
      ['wfd alone, before (4 connections)', baseline],
    ] as const) {
      console.log(
        `| ${name} | ${row.requestsPerSecond} | ${row.p50Ms} | ${row.p99Ms} | ${row.errors} |`,
      );
    }
  } finally {
    await server.stop();
  }
}

// ---- 5. Hostile ---------------------------------------------------------------------------

const HOSTILE_CLIENTS = 8;
const MB = 1024 * 1024;

/** 30 MB of `{}` in a field the contract does not know, as the attack of issue 21 sent them. */
function hostileJson(answer: Answer): Buffer {
  const head = JSON.stringify({ ...answer, junk: null }).slice(0, -5);
  return Buffer.from(`${head}[${'{},'.repeat(10 * MB)}{}]}`);
}

/**
 * An MP3 whose first frames are real (so that it is taken for one) and the rest free-format
 * frames (no bitrate in their headers), 3 MB: what held a decoder 45 s before issue 21.
 */
function freeFormatMp3(): Buffer {
  const real = readFileSync(join(ROOT, 'test/fixtures/audio/speech.mp3'));
  const frame = Buffer.alloc(1045);
  Buffer.from([0xff, 0xfb, 0x00, 0xc4]).copy(frame);
  for (let i = 4; i < frame.length; i++) frame[i] = (i * 37) % 251;
  return Buffer.concat([real.subarray(0, 520), ...Array<Buffer>(3000).fill(frame)]);
}

/** Sends one body and waits for the answer; a socket closed under the rest of the body counts as refused. */
function sendHostile(port: number, path: string, body: Buffer, key: string): Promise<string> {
  return new Promise((done) => {
    const request = httpRequest({
      port,
      host: '127.0.0.1',
      path,
      method: 'POST',
      headers: {
        authorization: key,
        'content-type': 'application/json',
        'content-length': body.length,
      },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const envelope = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          data: { error: { code: string } | null };
        };
        done(`${response.statusCode} ${envelope.data.error?.code ?? 'scored'}`);
        request.destroy();
      });
    });
    request.on('error', () => done('connection closed'));
    request.end(body);
  });
}

/** GET /health one after another until `end`; each answer's latency. */
async function probeHealth(port: number, end: number): Promise<number[]> {
  const latencies: number[] = [];
  while (performance.now() < end) {
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}/health`);
    await response.body?.cancel();
    latencies.push(performance.now() - started);
    await new Promise((done) => setTimeout(done, 20));
  }
  return latencies;
}

/** Real answers from `clients` clients; an OVERLOADED answer is retried after its Retry-After, as the app does. */
async function realAnswers(port: number, answers: Answer[], clients: number, end: number) {
  let scored = 0;
  let retried = 0;
  let failed = 0;
  let next = 0;
  const client = async () => {
    while (performance.now() < end) {
      const response = await fetch(`http://127.0.0.1:${port}/exam/speaking/rs`, {
        method: 'POST',
        headers: { authorization: KEY, 'content-type': 'application/json' },
        body: JSON.stringify(answers[next++ % answers.length]),
      });
      const body = (await response.json()) as { success: boolean };
      if (response.status === 200 && body.success) scored++;
      else if (response.status === 503) {
        retried++;
        next--;
        await new Promise((done) => setTimeout(done, 100));
      } else failed++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, client));
  return { perSecond: scored / ((performance.now() - started) / 1000), scored, retried, failed };
}

interface WorkerWatch {
  /** Peak resident memory of the server process itself and of its workers together. */
  server: number;
  workers: number;
  /** CPU seconds of every worker that ran, a worker started meanwhile from its start. */
  workersCpu: number;
  /** Workers started during the watch (a worker stopped or recycled is replaced). */
  workersStarted: number;
}

/** The server's memory and its workers' memory and CPU, sampled every 50 ms. */
function watchWorkers(pid: number): { stop: () => WorkerWatch } {
  let server = 0;
  let workers = 0;
  const cpu = new Map<number, { first: number; last: number }>();
  for (const worker of workerPids(pid)) {
    const now = cpuSeconds(worker);
    cpu.set(worker, { first: now, last: now });
  }
  const initial = new Set(cpu.keys());
  const sample = () => {
    server = Math.max(server, rssMb(pid));
    const pids = workerPids(pid);
    workers = Math.max(
      workers,
      pids.reduce((sum, worker) => sum + rssMb(worker), 0),
    );
    for (const worker of pids) {
      const seen = cpu.get(worker) ?? { first: 0, last: 0 };
      seen.last = Math.max(seen.last, cpuSeconds(worker));
      cpu.set(worker, seen);
    }
  };
  const timer = setInterval(sample, 50);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      const workersCpu = [...cpu.values()].reduce((sum, { first, last }) => sum + last - first, 0);
      const workersStarted = [...cpu.keys()].filter((worker) => !initial.has(worker)).length;
      return { server, workers, workersCpu, workersStarted };
    },
  };
}

interface HostileSetting {
  maxJobs?: number;
  /** The server's `--refusal-limit` (its default, 20, unless set; 0 = off). */
  refusalLimit: number;
  /** The attackers send with the honest clients' key instead of their own. */
  sharedKey: boolean;
  /** Runs without and with the attack, in turn. */
  rounds: number;
}

async function hostile(
  answers: Answer[],
  folder: string,
  seconds: number,
  setting: HostileSetting,
): Promise<void> {
  const { maxJobs, refusalLimit, sharedKey, rounds } = setting;
  const jobs = maxJobs ? ['--max-jobs', String(maxJobs)] : [];
  const server = await startServer([
    ...['--audio-root', folder, '--log-level', 'warn', ...jobs],
    ...['--refusal-limit', String(refusalLimit)],
  ]);
  const attackerKey = sharedKey ? KEY : ATTACKER_KEY;
  const json = hostileJson(answers[0]!);
  const mp3 = JSON.stringify({
    audioUrl: `data:audio/mpeg;base64,${freeFormatMp3().toString('base64')}`,
    refText: answers[0]!.refText,
  });
  const mp3Body = Buffer.from(mp3);
  try {
    await waitUntilHealthy(server.port);
    await scoreOnce(server.port, answers[0]!);
    const run = async (attack: boolean) => {
      const end = performance.now() + seconds * 1000;
      const watch = watchWorkers(server.pid);
      const cpuBefore = {
        server: cpuSeconds(server.pid),
        bench: process.cpuUsage(),
      };
      const outcomes = new Map<string, number>();
      const attacker = async (index: number) => {
        for (let i = index; performance.now() < end; i++) {
          const [path, body] =
            i % 2 === 0
              ? [i % 4 === 0 ? '/exam/speaking/rs' : '/exam/listening/wfd', json]
              : ['/exam/speaking/rs', mp3Body];
          const kind = body === json ? '30 MB JSON' : 'free-format MP3';
          const outcome = `${kind}: ${await sendHostile(server.port, path, body, attackerKey)}`;
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        }
      };
      const [health, real] = await Promise.all([
        probeHealth(server.port, end),
        realAnswers(server.port, answers, 2, end),
        attack ? Promise.all(Array.from({ length: HOSTILE_CLIENTS }, (_, i) => attacker(i))) : [],
      ]);
      const sorted = health.sort((a, b) => a - b);
      const benchCpu = process.cpuUsage(cpuBefore.bench);
      const watched = watch.stop();
      const cpu = {
        server: cpuSeconds(server.pid) - cpuBefore.server,
        workers: watched.workersCpu,
        bench: (benchCpu.user + benchCpu.system) / 1e6,
      };
      const load = loadavg()[0]!;
      return { health: sorted, real, rss: watched, outcomes, cpu, load };
    };
    // Without and with the attack in turn, so that load from elsewhere on a shared machine
    // falls on both alike.
    const runs: Array<[string, Awaited<ReturnType<typeof run>>]> = [];
    for (let round = 1; round <= rounds; round++) {
      runs.push([`without attack${rounds > 1 ? ` (${round})` : ''}`, await run(false)]);
      runs.push([`under attack${rounds > 1 ? ` (${round})` : ''}`, await run(true)]);
    }
    console.log(
      `\n### Hostile: ${HOSTILE_CLIENTS} clients of 30 MB JSON bodies and free-format MP3s while 2 clients score real answers ` +
        `(${seconds} s each, ${rounds} round${rounds > 1 ? 's' : ''}; --max-jobs ${maxJobs ?? 'default'}, --refusal-limit ${refusalLimit}; ` +
        `attackers ${sharedKey ? "on the honest clients' key" : 'on a key of their own'})\n`,
    );
    console.log(
      '| Run | /health p50 ms | /health p99 ms | /health max ms | Probes | Real answers/s | Scored | Retried (503) | Failed | Peak server RSS MB | Peak workers RSS MB | Workers started | Server main CPU s | Workers CPU s | Bench CPU s | Load avg after |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const [name, row] of runs) {
      console.log(
        `| ${name} | ${percentile(row.health, 50).toFixed(1)} | ${percentile(row.health, 99).toFixed(1)} | ` +
          `${row.health.at(-1)!.toFixed(1)} | ${row.health.length} | ${row.real.perSecond.toFixed(2)} | ${row.real.scored} | ` +
          `${row.real.retried} | ${row.real.failed} | ${Math.round(row.rss.server)} | ${Math.round(row.rss.workers)} | ${row.rss.workersStarted} | ` +
          `${row.cpu.server.toFixed(1)} | ${row.cpu.workers.toFixed(1)} | ${row.cpu.bench.toFixed(1)} | ${row.load.toFixed(2)} |`,
      );
    }
    const calm = runs.filter((_, i) => i % 2 === 0).map(([, row]) => row);
    const attacked = runs.filter((_, i) => i % 2 === 1).map(([, row]) => row);
    const sum = (rows: typeof calm, value: (row: (typeof calm)[number]) => number) =>
      rows.reduce((total, row) => total + value(row), 0);
    const perRound = attacked.map((row, i) => (100 * row.real.perSecond) / calm[i]!.real.perSecond);
    const kept =
      sum(attacked, (row) => row.real.perSecond) / sum(calm, (row) => row.real.perSecond);
    console.log(
      `\nReal-answer throughput kept under attack: ${(100 * kept).toFixed(0)}%` +
        (rounds > 1
          ? ` (rounds: ${perRound.map((value) => `${value.toFixed(0)}%`).join(', ')})`
          : ''),
    );
    const outcomes = new Map<string, number>();
    for (const row of attacked) {
      for (const [what, count] of row.outcomes)
        outcomes.set(what, (outcomes.get(what) ?? 0) + count);
    }
    console.log(
      `Hostile requests answered: ${[...outcomes].map(([what, count]) => `${what} × ${count}`).join('; ')}`,
    );
    const sent = [...outcomes.values()].reduce((total, count) => total + count, 0);
    const perRequestMs = (extra: number) => ((1000 * extra) / Math.max(1, sent)).toFixed(2);
    const extra = (value: (row: (typeof calm)[number]) => number) =>
      perRequestMs(sum(attacked, value) - sum(calm, value));
    console.log(
      `${sent} hostile requests (${(sent / (seconds * rounds)).toFixed(1)}/s); per hostile request, over the runs without attack: ` +
        `server main thread ${extra((row) => row.cpu.server)} ms CPU, workers ${extra((row) => row.cpu.workers)} ms, ` +
        `bench (attackers and honest clients) ${extra((row) => row.cpu.bench)} ms`,
    );
  } finally {
    await server.stop();
  }
}

async function recordingsOrSkip(): Promise<{ folder: string; answers: Answer[] } | undefined> {
  const recordings = so762Answers() ?? (await espeakAnswers());
  if (!recordings) {
    console.log('\nSpeech runs skipped: neither ../shared/so762 nor espeak-ng is present.');
    return undefined;
  }
  const source = recordings.folder === SO762_AUDIO ? 'speechocean762' : 'espeak-ng';
  console.log(`\nSpeech answers: ${recordings.answers.length} recordings from ${source}`);
  return recordings;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      'no-speech': { type: 'boolean', default: false },
      scenario: { type: 'string' },
      'refusal-limit': { type: 'string', default: '20' },
      'shared-key': { type: 'boolean', default: false },
      rounds: { type: 'string', default: '1' },
    },
  });
  const seconds = Number(values.seconds);
  const loadBefore = loadavg()[0]?.toFixed(2);
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.log(
    `${new Date().toISOString()} · Node ${process.version} · ${availableParallelism()} × ${cpu}`,
  );
  const setting = {
    refusalLimit: Number(values['refusal-limit']),
    sharedKey: values['shared-key'],
    rounds: Number(values.rounds),
  };
  if (values.scenario === 'hostile') {
    const recordings = await recordingsOrSkip();
    if (recordings) {
      await hostile(recordings.answers, recordings.folder, seconds, setting);
      await hostile(recordings.answers, recordings.folder, seconds, { ...setting, maxJobs: 16 });
    }
  } else {
    await dictation(seconds, Number(values.connections));
    const recordings = values['no-speech'] ? undefined : await recordingsOrSkip();
    if (recordings) {
      await speech(recordings.answers, recordings.folder, seconds);
      await mixed(recordings.answers[0]!, recordings.folder, seconds);
      await hostile(recordings.answers, recordings.folder, seconds, setting);
      await hostile(recordings.answers, recordings.folder, seconds, { ...setting, maxJobs: 16 });
    }
  }
  console.log(`\n1-minute load average before/after: ${loadBefore} / ${loadavg()[0]?.toFixed(2)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
