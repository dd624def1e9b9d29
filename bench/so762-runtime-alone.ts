/**
 * The runtime section of `npm run bench:so762` alone (the full path on every 10th utterance,
 * the audio check included): `npx tsx bench/so762-runtime-alone.ts`.
 */
import { loadavg } from 'node:os';
import { readLabels, exitUnlessCorpus } from './so762-corpus.js';
import { measureRuntime } from './so762-runtime.js';

exitUnlessCorpus('runtime');
const before = loadavg()[0]!;
const cpuBefore = process.cpuUsage();
const run = await measureRuntime(readLabels(), 10);
const cpu = process.cpuUsage(cpuBefore);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
console.log(
  `${run.utterances} utterances, ${run.audioSeconds.toFixed(1)} s: real-time factor ${run.rtf.toFixed(3)} by the clock (audio check ${run.checkRtf.toFixed(4)}), ${(cpuSeconds / run.audioSeconds).toFixed(3)} by CPU time (model load included), p50 ${run.p50Ms.toFixed(0)} ms, p95 ${run.p95Ms.toFixed(0)} ms, load ${run.modelLoadMs.toFixed(0)} ms, peak RSS ${run.peakRssMb.toFixed(0)} MB; load average ${before.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`,
);
