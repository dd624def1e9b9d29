/**
 * Capacity figures an operator sizes a cluster with, measured on the `npm run dist:server`
 * folder as the container runs it. `npm run bench:capacity [-- --seconds N]`; run it under
 * `nice -n 10` on a shared machine. Needs espeak-ng and sox (answers are made now).
 *
 * 1. CPU per answer, by answer length (Repeat Sentence 3, 6 and 9 s; Retell Lecture and
 *    Describe Image 40 s): CPU seconds of the server and its workers, read from /proc, so a
 *    busy machine slows the answers but does not change the figure. Answers per second per
 *    core follow from it.
 * 2. Memory per worker: resident and peak resident (VmHWM) of a worker after each kind.
 * 3. p99 against load: one worker per core, Repeat Sentence answers (3-9 s) arriving at random
 *    (Poisson) at fractions of the capacity found in 1.
 * 4. Instances for N examiners, from the exam's timing (docs/exam-timing.md).
 * Results: bench/results/capacity.md.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { createSpeakingScorer, type SpeakingScorer } from '../src/engine/tasks/index.js';
import { RepeatSentenceRequest, RetellLectureRequest } from '../src/shared/contract/requests.js';
import { edit, missingToolsReason, synthesizeSpeech } from '../test/helpers/speech-fixtures.js';

const run = promisify(execFile);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist', 'server');
const KEY = 'capacity-bench-key-8f3a';
const CLOCK_TICKS = 100;
const PAGE_MIB = 1 / 1024;

const RS_SENTENCES: Record<number, string> = {
  3: 'Please close the door when you leave',
  6: 'The students finished their project before the deadline and celebrated together',
  9: 'Although the museum will be closed for repairs next week, the gardens and the cafe will stay open to visitors',
};
const LECTURE =
  'Bees carry pollen from flower to flower, and in doing so they help plants make seeds. ' +
  'Without them many crops would fail, and farmers would need to pollinate by hand. ' +
  'In recent years the number of bees has fallen in many countries, for reasons that ' +
  'include disease, pesticides and the loss of wild flowers along the edges of fields. ';
const PICTURE =
  'The chart shows how many people visited the city library in each month of the year. ' +
  'Visits were lowest in the summer, when students were on holiday, and highest in ' +
  'November, just before the examinations. Overall the number of visitors grew by about a ' +
  'fifth compared with the year before. ';

interface Answer {
  name: string;
  task: 'rs' | 'rl' | 'di';
  seconds: number;
  body: string;
}

/** Speech of exactly `seconds`: the text spoken (repeated if short), cut or padded to length. */
async function answer(task: Answer['task'], text: string, seconds: number): Promise<Answer> {
  const speech = await synthesizeSpeech(text, { voice: 'en-us', speed: 0.9 });
  const wav = await edit(speech, ['pad', '0.3', String(seconds), 'trim', '0', String(seconds)]);
  const audioUrl = `data:audio/wav;base64,${Buffer.from(wav).toString('base64')}`;
  const request =
    task === 'rs'
      ? { audioUrl, refText: text }
      : { audioUrl, refText: text, keywords: text.split(/\W+/u).filter((w) => w.length > 6) };
  return {
    name: `${task.toUpperCase()} ${seconds} s`,
    task,
    seconds,
    body: JSON.stringify(request),
  };
}

async function answers(): Promise<Answer[]> {
  return Promise.all([
    ...Object.entries(RS_SENTENCES).map(([s, text]) => answer('rs', text, Number(s))),
    answer('rl', LECTURE.repeat(2), 40),
    answer('di', PICTURE.repeat(2), 40),
  ]);
}

class Server {
  readonly child: ChildProcess;
  readonly port: Promise<number>;

  constructor(workers: number) {
    const args = ['server.js', '--port', '0', '--workers', String(workers)];
    args.push('--max-jobs', '256', '--rate-limit', '0', '--log-level', 'warn');
    this.child = spawn(process.execPath, args, {
      cwd: DIST,
      env: { ...process.env, EXAMINER_API_KEYS: KEY },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // A bench that fails or is interrupted leaves no server behind.
    process.once('exit', () => this.child.kill('SIGKILL'));
    this.port = new Promise((resolvePort, reject) => {
      createInterface({ input: this.child.stdout! }).on('line', (line) => {
        const match = /^EXAMINER_SERVER_READY \{"port":(\d+)\}$/u.exec(line);
        if (match) resolvePort(Number(match[1]));
      });
      this.child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
  }

  async ready(): Promise<string> {
    const base = `http://127.0.0.1:${await this.port}`;
    for (;;) {
      const status = await fetch(`${base}/health`).then((r) => r.status);
      if (status === 200) return base;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  workerPids(): number[] {
    const pid = this.child.pid!;
    const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/u),
    );
    return children.filter(Boolean).map(Number);
  }

  /** CPU seconds used so far by the server, its live workers and those it has replaced. */
  cpuSeconds(): number {
    // utime, stime, cutime, cstime are fields 14 to 17 of stat; [0] below is field 3.
    const ticks = (pid: number, count: number) =>
      readFileSync(`/proc/${pid}/stat`, 'utf8')
        .split(') ')[1]!
        .split(' ')
        .slice(11, 11 + count)
        .reduce((sum, value) => sum + Number(value), 0);
    const workers = this.workerPids().reduce((sum, pid) => sum + ticks(pid, 2), 0);
    return (ticks(this.child.pid!, 4) + workers) / CLOCK_TICKS;
  }

  /** Resident and peak resident memory of each worker, MiB. */
  workerMemory(): Array<{ rssMiB: number; peakMiB: number }> {
    // A worker just replaced (after a stopped answer) may have no memory to report yet.
    return this.workerPids().flatMap((pid) => {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      if (!/VmHWM:/u.test(status)) return [];
      const kib = (field: string) =>
        Number(new RegExp(`${field}:\\s+(\\d+)`, 'u').exec(status)![1]);
      return [{ rssMiB: kib('VmRSS') * PAGE_MIB, peakMiB: kib('VmHWM') * PAGE_MIB }];
    });
  }

  async stop(): Promise<void> {
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGTERM');
    await exited;
  }
}

/** One answer; sent again once if a kept-alive connection was closed under it. */
async function score(
  base: string,
  item: Answer,
  retried = false,
): Promise<{ ms: number; status: number }> {
  if (!retried) {
    try {
      return await score(base, item, true);
    } catch {
      return score(base, item, true);
    }
  }
  const started = performance.now();
  const response = await fetch(`${base}/exam/speaking/${item.task}`, {
    method: 'POST',
    headers: { authorization: KEY, 'content-type': 'application/json' },
    body: item.body,
  });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

interface CostRow {
  name: string;
  seconds: number;
  cpuSeconds: number;
  wallSeconds: number;
  answersPerCoreSecond: number;
  workerRssMiB: number;
  workerPeakMiB: number;
  /** The server's answer to the same request: 422 when stopped at its time budget. */
  serverStatus: number;
}

/** CPU seconds the engine spends on one answer, in this process: no time budget applies. */
async function engineCpu(scorer: SpeakingScorer, item: Answer, repeats: number) {
  const request = (item.task === 'rs' ? RepeatSentenceRequest : RetellLectureRequest).parse(
    JSON.parse(item.body),
  );
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < repeats; i++) await scorer.score(item.task, request);
  const used = process.cpuUsage(cpu);
  return {
    cpuSeconds: (used.user + used.system) / 1e6 / repeats,
    wallSeconds: (performance.now() - started) / 1000 / repeats,
  };
}

/**
 * CPU per answer from the engine in this process (a worker under the server's time budget
 * may be stopped on a crowded machine before it finishes a 40 s answer); the worker's memory
 * from the server with one worker, after it scores each kind (or tries to).
 */
async function measureCosts(items: Answer[]): Promise<CostRow[]> {
  const scorer = await createSpeakingScorer({
    audioRoots: [],
    blockPrivateNetworks: true,
    maxBytes: 30 * 2 ** 20,
    maxDurationSeconds: 180,
    fetchTimeoutMs: 10_000,
  });
  const server = new Server(1);
  const base = await server.ready();
  // The first answer pays for loading the model and compiling: not counted.
  await scorer.score('rs', RepeatSentenceRequest.parse(JSON.parse(items[0]!.body)));
  const rows: CostRow[] = [];
  for (const item of items) {
    const { cpuSeconds, wallSeconds } = await engineCpu(scorer, item, item.seconds >= 30 ? 1 : 4);
    const { status } = await score(base, item);
    const memory = server.workerMemory()[0] ?? { rssMiB: NaN, peakMiB: NaN };
    rows.push({
      name: item.name,
      seconds: item.seconds,
      cpuSeconds,
      wallSeconds,
      answersPerCoreSecond: 1 / cpuSeconds,
      workerRssMiB: memory.rssMiB,
      workerPeakMiB: memory.peakMiB,
      serverStatus: status,
    });
    console.log(
      `${item.name}: ${cpuSeconds.toFixed(2)} CPU s per answer; through the server HTTP ${status}, worker ${memory.rssMiB.toFixed(0)} MiB (peak ${memory.peakMiB.toFixed(0)})`,
    );
  }
  await server.stop();
  await scorer.close();
  return rows;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface LoadRow {
  fraction: number;
  offeredPerSecond: number;
  answers: number;
  failed: number;
  p50Seconds: number;
  p99Seconds: number;
  maxSeconds: number;
}

/** Repeat Sentence answers (3, 6, 9 s in turn) arriving at random at `rate` a second. */
async function openLoad(base: string, items: Answer[], rate: number, seconds: number) {
  const pending: Array<Promise<{ ms: number; status: number }>> = [];
  const end = performance.now() + seconds * 1000;
  let next = performance.now();
  for (let i = 0; next < end; i++) {
    await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    pending.push(score(base, items[i % items.length]!));
    next += (-Math.log(1 - Math.random()) / rate) * 1000;
  }
  return Promise.all(pending);
}

async function measureLoad(rsItems: Answer[], rsCpu: number, seconds: number): Promise<LoadRow[]> {
  const cores = availableParallelism();
  const server = new Server(cores);
  const base = await server.ready();
  const capacity = cores / rsCpu;
  const rows: LoadRow[] = [];
  for (const fraction of [0.25, 0.5, 0.75, 0.9]) {
    const results = await openLoad(base, rsItems, capacity * fraction, seconds);
    const ok = results.filter((r) => r.status === 200).map((r) => r.ms / 1000);
    ok.sort((a, b) => a - b);
    const row = {
      fraction,
      offeredPerSecond: capacity * fraction,
      answers: results.length,
      failed: results.length - ok.length,
      p50Seconds: percentile(ok, 50),
      p99Seconds: percentile(ok, 99),
      maxSeconds: ok.at(-1)!,
    };
    rows.push(row);
    console.log(
      `${Math.round(fraction * 100)}% of capacity: ${row.answers} answers, p50 ${row.p50Seconds.toFixed(2)} s, p99 ${row.p99Seconds.toFixed(2)} s`,
    );
  }
  await server.stop();
  return rows;
}

/**
 * One examiner's candidate through each section, from docs/exam-timing.md: seconds from
 * one answer's start to the next. RS: 3 s countdown, the sentence (as long as the answer),
 * the answer, 3 s of silence that ends it. RL: 3 s, a 60 s lecture, 10 s to prepare, 40 s.
 * DI: 25 s of study, 40 s.
 */
function sectionCycles(costs: CostRow[]) {
  const rs = costs.filter((c) => c.name.startsWith('RS'));
  const rsCpu = rs.reduce((sum, c) => sum + c.cpuSeconds, 0) / rs.length;
  const rsAnswer = rs.reduce((sum, c) => sum + c.seconds, 0) / rs.length;
  const cost = (prefix: string) => costs.find((c) => c.name.startsWith(prefix))!.cpuSeconds;
  return [
    { section: 'Repeat Sentence', cycleSeconds: 3 + rsAnswer * 2 + 3, cpuSeconds: rsCpu },
    { section: 'Retell Lecture', cycleSeconds: 3 + 60 + 10 + 40, cpuSeconds: cost('RL') },
    { section: 'Describe Image', cycleSeconds: 25 + 40, cpuSeconds: cost('DI') },
  ].map((s) => ({ ...s, coresPerExaminer: s.cpuSeconds / s.cycleSeconds }));
}

/** Instances of `coresPerInstance` cores at `utilization`, plus one to lose, for N examiners. */
function instancesFor(examiners: number, coresPerExaminer: number, coresPerInstance: number) {
  const UTILIZATION = 0.6;
  const busy = Math.ceil((examiners * coresPerExaminer) / (coresPerInstance * UTILIZATION));
  return Math.max(2, busy + 1);
}

function markdown(costs: CostRow[], load: LoadRow[], seconds: number): string {
  const sections = sectionCycles(costs);
  const peak = Math.max(...sections.map((s) => s.coresPerExaminer));
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus()[0]?.model ?? 'unknown CPU'}, ` +
      `${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)} at the end ` +
      `(a shared machine; CPU seconds are read from /proc and do not depend on it, latency does).`,
    '',
    '| Answer | CPU s per answer | Answers/s per core | Wall s here | Server (1 worker) | Worker RSS MiB | Worker peak MiB |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...costs.map(
      (c) =>
        `| ${c.name} | ${c.cpuSeconds.toFixed(2)} | ${c.answersPerCoreSecond.toFixed(2)} | ${c.wallSeconds.toFixed(2)} | HTTP ${c.serverStatus} | ${c.workerRssMiB.toFixed(0)} | ${c.workerPeakMiB.toFixed(0)} |`,
    ),
    '',
    `p99 against load (${availableParallelism()} workers, Repeat Sentence 3/6/9 s arriving at random for ${seconds} s per row):`,
    '',
    '| Load | Offered answers/s | Answers | Failed | p50 s | p99 s | max s |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...load.map(
      (l) =>
        `| ${Math.round(l.fraction * 100)}% | ${l.offeredPerSecond.toFixed(2)} | ${l.answers} | ${l.failed} | ${l.p50Seconds.toFixed(2)} | ${l.p99Seconds.toFixed(2)} | ${l.maxSeconds.toFixed(2)} |`,
    ),
    '',
    'Load model per examiner (one candidate answering without pause, exam timing):',
    '',
    '| Section | s per answer cycle | CPU s per answer | Cores per examiner |',
    '| --- | --- | --- | --- |',
    ...sections.map(
      (s) =>
        `| ${s.section} | ${s.cycleSeconds.toFixed(0)} | ${s.cpuSeconds.toFixed(2)} | ${s.coresPerExaminer.toFixed(4)} |`,
    ),
    '',
    `Instances of 2 cores for N examiners, sized on the busiest section (${peak.toFixed(4)} cores ` +
      'per examiner, every examiner in it at once), at 60% CPU, plus one instance to lose:',
    '',
    '| Examiners | 25 | 50 | 100 | 200 | 500 | 1000 |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    `| Instances | ${[25, 50, 100, 200, 500, 1000].map((n) => instancesFor(n, peak, 2)).join(' | ')} |`,
  ];
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { seconds: { type: 'string', default: '40' } } });
  const seconds = Number(values.seconds);
  const missing = missingToolsReason();
  if (missing) {
    console.log(`bench:capacity skipped: ${missing}`);
    return;
  }
  if (!existsSync(join(DIST, 'server.js'))) {
    await run(process.execPath, [join(ROOT, 'scripts', 'dist-server.mjs')], { cwd: ROOT });
  }
  const items = await answers();
  const costs = await measureCosts(items);
  const rsItems = items.filter((i) => i.task === 'rs');
  const rs = costs.filter((c) => c.name.startsWith('RS'));
  const rsCpu = rs.reduce((sum, c) => sum + c.cpuSeconds, 0) / rs.length;
  const load = await measureLoad(rsItems, rsCpu, seconds);
  const text = markdown(costs, load, seconds);
  writeFileSync(join(ROOT, 'bench', 'results', 'capacity.md'), text);
  console.log(`\n${text}`);
}

await main();
