/**
 * Where Repeat Sentence's time goes, and what the phone loop would cost under the decoder's
 * other settings: `npx tsx bench/runtime-stages.ts`. The full path (audio check, then the
 * engine) runs on every 10th speechocean762 reading, as `bench:so762`'s runtime section does,
 * with each call into the recogniser timed by its kind. Then the free phone loop (GOP's
 * competitor, evidence/gop.ts) is decoded over the same readings with the shipped settings and
 * with cheaper ones, each on its own decoder, and compared with the shipped loop's phones.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Decoder } from 'soundswallower';
import { audioCautions } from '../src/engine/audio/cautions.js';
import { decodeAudio } from '../src/engine/audio/decode.js';
import { analyseQuality } from '../src/engine/audio/quality.js';
import type { AcousticModel } from '../src/engine/recognizer/acoustic-model.js';
import { configuredModel } from '../src/engine/recognizer/models.js';
import { LOOP_BEAMS, LOOP_GRAMMAR } from '../src/engine/recognizer/phone-loop.js';
import { PHONES, phoneWord } from '../src/engine/recognizer/phones.js';
import { openDecoder } from '../src/engine/recognizer/soundswallower/adapter.js';
import { closeSpeechEngine, loadSpeechEngine, scoreAnswer } from '../src/engine/tasks/index.js';
import { exitUnlessCorpus, readLabels, SO762_DIR } from './so762-corpus.js';

exitUnlessCorpus('runtime stages');

const STRIDE = 10;

interface Stage {
  calls: number;
  ms: number;
}

const answers = await Promise.all(
  readLabels()
    .filter((_, index) => index % STRIDE === 0)
    .map(async (label) => ({
      label,
      audio: await decodeAudio(
        new Uint8Array(await readFile(join(SO762_DIR, 'audio', `${label.id}.wav`))),
      ),
    })),
);
const audioSeconds = answers.reduce((sum, { audio }) => sum + audio.durationSeconds, 0);
const rtf = (ms: number): string => (ms / 1000 / audioSeconds).toFixed(4);

/** Times every call of `method` on the model, filed under the kind `kindOf` names. */
function timeCalls(
  model: AcousticModel,
  method: 'decodeGrammar' | 'align',
  kindOf: (args: unknown[]) => string,
  stages: Map<string, Stage>,
): void {
  const original = model[method].bind(model) as (...args: unknown[]) => unknown;
  (model as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
    const started = performance.now();
    const result = original(...args);
    const kind = kindOf(args);
    const stage = stages.get(kind) ?? { calls: 0, ms: 0 };
    stages.set(kind, {
      calls: stage.calls + 1,
      ms: stage.ms + performance.now() - started,
    });
    return result;
  };
}

async function stageCosts(): Promise<void> {
  const engine = await loadSpeechEngine();
  const stages = new Map<string, Stage>();
  timeCalls(
    engine.model,
    'decodeGrammar',
    ([, jsgf]) =>
      String(jsgf).includes('grammar phones')
        ? 'free phone loop (GOP)'
        : 'grammar decodes (reading, restart)',
    stages,
  );
  timeCalls(engine.model, 'align', () => 'forced alignment', stages);
  const second = engine.secondOpinion?.model;
  if (second) {
    const kind = `second opinion (${second.name}: decodes, alignment, phone loop)`;
    timeCalls(second, 'decodeGrammar', () => kind, stages);
    timeCalls(second, 'align', () => kind, stages);
  }
  let checkMs = 0;
  let totalMs = 0;
  for (const { label, audio } of answers) {
    const started = performance.now();
    const cautions = audioCautions(await analyseQuality(audio));
    checkMs += performance.now() - started;
    const request = { audioUrl: 'file:', refText: label.text, scale: 5, precision: 0.1 };
    await scoreAnswer(engine, 'rs', request, { ...audio, cautions });
    totalMs += performance.now() - started;
  }
  await closeSpeechEngine(engine);
  console.log(`${answers.length} readings, ${audioSeconds.toFixed(1)} s of audio\n`);
  console.log('| Stage | Calls per answer | Real-time factor |\n| --- | --- | --- |');
  console.log(`| Audio check (Silero VAD, levels, noise) | 1 | ${rtf(checkMs)} |`);
  let recognitionMs = 0;
  for (const [name, stage] of stages) {
    recognitionMs += stage.ms;
    console.log(`| ${name} | ${(stage.calls / answers.length).toFixed(2)} | ${rtf(stage.ms)} |`);
  }
  console.log(`| everything else | | ${rtf(totalMs - checkMs - recognitionMs)} |`);
  console.log(`| **whole path** | | **${rtf(totalMs)}** |\n`);
}

/** A decoder of the configured model with `settings` applied, the phones in its dictionary. */
async function loopDecoder(settings: Record<string, number | boolean>): Promise<Decoder> {
  const { decoder } = await openDecoder(configuredModel());
  for (const [key, value] of Object.entries({ ...LOOP_BEAMS, ...settings }))
    decoder.set_config(key, typeof value === 'boolean' ? Number(value) : value);
  await decoder.initialize();
  decoder.add_words(...PHONES.map((phone): [string, string] => [phoneWord(phone), phone]));
  return decoder;
}

function loopPhones(decoder: Decoder, samples: Float32Array): string {
  decoder.set_grammar(LOOP_GRAMMAR);
  decoder.start();
  decoder.process_audio(samples, false, true);
  decoder.stop();
  return decoder.get_text();
}

const VARIANTS: Array<[string, Record<string, number | boolean>]> = [
  ['shipped (triphones, top 4 Gaussians)', {}],
  ['beams 1e-20', { beam: 1e-20, pbeam: 1e-20 }],
  ['at most 500 HMMs a frame', { maxhmmpf: 500 }],
  ['top 2 Gaussians', { topn: 2 }],
  ['context-independent phones', { cionly: true }],
  ['context-independent phones, top 2 Gaussians', { cionly: true, topn: 2 }],
  ['context-independent phones, top 1 Gaussian', { cionly: true, topn: 1 }],
];

async function loopVariants(): Promise<void> {
  console.log('The free phone loop over the whole of each reading, one decoder per setting:\n');
  console.log('| Loop decoded with | Real-time factor | Readings with the shipped phones |');
  console.log('| --- | --- | --- |');
  let shipped: string[] = [];
  for (const [name, settings] of VARIANTS) {
    const decoder = await loopDecoder(settings);
    const started = performance.now();
    const phones = answers.map(({ audio }) => loopPhones(decoder, audio.samples));
    const ms = performance.now() - started;
    decoder.delete();
    if (shipped.length === 0) shipped = phones;
    const same = phones.filter((text, index) => text === shipped[index]).length;
    console.log(`| ${name} | ${rtf(ms)} | ${same} of ${phones.length} |`);
  }
}

await stageCosts();
await loopVariants();
