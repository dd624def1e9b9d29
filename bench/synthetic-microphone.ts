/**
 * How much audio Chromium's synthetic microphone (the e2e tests' microphone) loses under what
 * load. Its fake device reads the file on a timer and skips the reads it missed when the
 * machine stalls, so a recording can come out shorter than the time recorded, and the app's
 * check (src/shared/recorded-length.ts) then rightly refuses it. Records 3 s clips the way the
 * app's recorder does (MediaRecorder, 250 ms chunks, a level meter drawn on every frame, the
 * length decoded back) while the machine is idle, busy with two CPU loops, loading the scoring
 * engine over and over, scoring answers, writing to disk, tracing the page as Playwright's
 * trace does, or with Chromium's audio service frozen for 0.8 s every 4 s (a stall).
 * Usage: npx tsx bench/synthetic-microphone.ts [--clips N] [--loads 'idle,disk writes']
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { chromiumPath, ROOT } from '../test/e2e/support/environment.js';
import {
  missingToolsReason,
  READING_SENTENCE,
  spokenReading,
} from '../test/helpers/speech-fixtures.js';
import { startServer, waitUntilHealthy, type Server } from './server-process.js';

const CLIP_MS = 3000;
const KEY = 'synthetic-microphone-bench-key';
const LOADS = [
  'idle',
  'two CPU loops',
  'engine loading',
  'engine scoring',
  'disk writes',
  'Playwright trace',
  'audio service frozen',
] as const;
/** How long, and how often, the audio service is frozen (as a stalled machine would hold it). */
const FREEZE_MS = 800;
const FREEZE_EVERY_MS = 4000;
type Load = (typeof LOADS)[number];

const PAGE = `<!doctype html><meta charset="utf-8"><script>
let stream;
async function recordClip(ms) {
  if (!stream) {
    stream = await navigator.mediaDevices.getUserMedia({ audio: {
      echoCancellation: false, noiseSuppression: false, autoGainControl: false } });
    // The level meter, drawn on every frame as the app's is.
    const audio = new AudioContext();
    const analyser = audio.createAnalyser();
    audio.createMediaStreamSource(stream).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const meter = document.body.appendChild(document.createElement('div'));
    meter.style.cssText = 'height: 20px; background: green';
    const draw = () => {
      analyser.getFloatTimeDomainData(samples);
      meter.style.width = Math.round(Math.max(...samples.map(Math.abs)) * 500) + 'px';
      requestAnimationFrame(draw);
    };
    draw();
    await new Promise((done) => setTimeout(done, 500));
  }
  const recorder = new MediaRecorder(stream, { mimeType: 'audio/webm;codecs=opus' });
  const chunks = [];
  recorder.ondataavailable = (event) => { if (event.data.size > 0) chunks.push(event.data); };
  const stopped = new Promise((done) => (recorder.onstop = done));
  const startedAt = await new Promise((done) => {
    recorder.onstart = () => done(performance.now());
    recorder.start(250);
  });
  await new Promise((done) => setTimeout(done, ms));
  const recordedMs = performance.now() - startedAt;
  recorder.stop();
  await stopped;
  const blob = new Blob(chunks, { type: recorder.mimeType });
  const audio = await new OfflineAudioContext(1, 1, 16000).decodeAudioData(await blob.arrayBuffer());
  return audio.duration * 1000 - recordedMs;
}
</script>`;

function clipsWanted(): number {
  const at = process.argv.indexOf('--clips');
  return at > 0 ? Number(process.argv[at + 1]) : 15;
}

/** A child process standing for one kind of load; stopped with kill(). */
type LoadProcess = { stop: () => Promise<void> };

function node(args: string[]): ChildProcess {
  return spawn(process.execPath, args, { cwd: ROOT, stdio: 'ignore' });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

function startEngine(): Promise<Server> {
  return startServer([KEY], ['--workers', '2']);
}

/** The engine started, left to load for 6 s, stopped, and started again, until stopped. */
function engineLoading(): LoadProcess {
  let running = true;
  const loop = (async () => {
    while (running) {
      const engine = await startEngine();
      await new Promise((done) => setTimeout(done, 6000));
      await engine.stop();
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

/** A loaded engine kept busy with two Repeat Sentence answers at a time. */
async function engineScoring(): Promise<LoadProcess> {
  const engine = await startEngine();
  await waitUntilHealthy(engine.port);
  const audio = Buffer.from(await spokenReading()).toString('base64');
  const body = JSON.stringify({
    audioUrl: `data:audio/wav;base64,${audio}`,
    refText: READING_SENTENCE,
  });
  let running = true;
  const client = async () => {
    while (running) {
      const response = await fetch(`http://127.0.0.1:${engine.port}/exam/speaking/rs`, {
        method: 'POST',
        headers: { authorization: KEY, 'content-type': 'application/json' },
        body,
      });
      await response.body?.cancel();
    }
  };
  const clients = [client(), client()];
  return {
    stop: async () => {
      running = false;
      await Promise.all(clients);
      await engine.stop();
    },
  };
}

/** 1 GB written and flushed to disk, over and over, by each of two writers. */
const DISK_WRITER = `
const { openSync, writeSync, fsyncSync, closeSync, rmSync } = require('node:fs');
const file = require('node:path').join(process.argv[1], 'disk-load-' + process.pid);
const block = Buffer.alloc(1 << 20, 1);
for (;;) {
  const fd = openSync(file, 'w');
  for (let i = 0; i < 1024; i++) writeSync(fd, block);
  fsyncSync(fd);
  closeSync(fd);
  rmSync(file);
}`;

async function startLoad(load: Load, page: Page, dir: string): Promise<LoadProcess> {
  if (load === 'idle') return { stop: async () => undefined };
  if (load === 'Playwright trace') {
    // As the e2e tests' trace: a screenshot of every frame, and the page's snapshots.
    await page.context().tracing.start({ screenshots: true, snapshots: true });
    return { stop: () => page.context().tracing.stop() };
  }
  if (load === 'audio service frozen') return audioServiceFrozen();
  if (load === 'disk writes') {
    const writers = [0, 1].map(() => node(['-e', DISK_WRITER, dir]));
    return stoppedByKill(writers);
  }
  if (load === 'engine loading') return engineLoading();
  if (load === 'engine scoring') return engineScoring();
  return stoppedByKill([0, 1].map(() => node(['-e', 'for (;;) {}'])));
}

/** Chromium's audio service (its synthetic microphone runs there) stopped now and then. */
function audioServiceFrozen(): LoadProcess {
  const pid = Number(
    execFileSync('pgrep', ['-f', 'utility-sub-type=audio.mojom.AudioService'], { encoding: 'utf8' })
      .trim()
      .split('\n')[0],
  );
  const freeze = async () => {
    process.kill(pid, 'SIGSTOP');
    await new Promise((done) => setTimeout(done, FREEZE_MS));
    process.kill(pid, 'SIGCONT');
  };
  let frozen = freeze();
  const timer = setInterval(() => (frozen = freeze()), FREEZE_EVERY_MS);
  return {
    stop: async () => {
      clearInterval(timer);
      await frozen;
    },
  };
}

function stoppedByKill(children: ChildProcess[]): LoadProcess {
  return {
    stop: async () => {
      for (const child of children) child.kill('SIGKILL');
      await Promise.all(children.map(exited));
    },
  };
}

/** The loads named by --loads (comma-separated), or all of them. */
function loadsWanted(): readonly Load[] {
  const at = process.argv.indexOf('--loads');
  if (at < 0) return LOADS;
  const names = process.argv[at + 1]!.split(',');
  const unknown = names.filter((name) => !(LOADS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`unknown loads: ${unknown.join(', ')}`);
  return names as Load[];
}

async function clipShortfalls(page: Page, clips: number): Promise<number[]> {
  const lost: number[] = [];
  for (let clip = 0; clip < clips; clip++) {
    const gained = await page.evaluate(
      (ms) => (globalThis as unknown as { recordClip(ms: number): Promise<number> }).recordClip(ms),
      CLIP_MS,
    );
    lost.push(Math.max(0, -gained));
  }
  return lost;
}

async function main(): Promise<void> {
  const executablePath = chromiumPath();
  const missing = missingToolsReason();
  if (!executablePath || missing) {
    console.log(`Skipped: ${missing ?? 'no Chromium at $CHROMIUM_PATH or /usr/bin/chromium'}.`);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'synthetic-microphone-'));
  const sweep = join(dir, 'sweep.wav');
  execFileSync('sox', [
    '-n',
    '-r',
    '48000',
    '-c',
    '1',
    sweep,
    'synth',
    '30',
    'sine',
    '200-3200',
    'vol',
    '0.5',
  ]);
  const server = createServer((_, response) => response.end(PAGE)).listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  const browser = await chromium.launch({
    executablePath,
    args: [
      ...['--headless', '--no-sandbox', '--disable-gpu'],
      ...['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
      `--use-file-for-fake-audio-capture=${sweep}`,
    ],
  });
  const clips = clipsWanted();
  try {
    const page = await browser.newPage();
    await page.goto(url);
    console.log(`${clips} clips of ${CLIP_MS / 1000} s each, audio lost per clip (ms):`);
    console.log('| load | clips short by 50 ms or more | worst | mean |');
    console.log('|---|---|---|---|');
    for (const load of loadsWanted()) {
      const running = await startLoad(load, page, dir);
      await new Promise((done) => setTimeout(done, 2000));
      const lost = await clipShortfalls(page, clips);
      await running.stop();
      const mean = lost.reduce((sum, value) => sum + value, 0) / lost.length;
      const short = lost.filter((value) => value >= 50).length;
      console.log(`| ${load} | ${short} | ${Math.max(...lost).toFixed(0)} | ${mean.toFixed(0)} |`);
    }
  } finally {
    await browser.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
