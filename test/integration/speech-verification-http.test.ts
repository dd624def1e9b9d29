import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusAvailable, readLabels, SO762_DIR } from '../../bench/so762-corpus.js';
import { otherSentence } from '../../bench/so762-cases.js';
import { decodeAudio } from '../../src/engine/audio/decode.js';
import type { Component, Word } from '../../src/shared/contract/envelope.js';
import {
  edit,
  encodeStereoWav,
  encodeWav,
  missingToolsReason,
  peakAmplitude,
  READING_SENTENCE,
  spokenReading,
  synthesizedNoise,
  synthesizeSpeech,
  withWhiteNoise,
} from '../helpers/speech-fixtures.js';
import { postRepeatSentence, startSpeechServer, type RunningServer } from './server-harness.js';

interface Scored {
  status: number;
  code: string | null;
  components: Component[];
  words: Word[];
}

/**
 * What a client receives for answers that are not the sentence, or are the sentence in poor
 * conditions: the real server, the real engine with the shipped calibration, audio made here.
 */
describe.skipIf(missingToolsReason())('Repeat Sentence verification over HTTP', () => {
  let server: RunningServer;
  let folder: string;
  let saved = 0;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'verification-http-'));
    server = await startSpeechServer([folder, SO762_DIR]);
  });

  afterAll(async () => {
    await server?.close();
    await rm(folder, { recursive: true, force: true });
  });

  async function score(audio: Uint8Array | string, refText = READING_SENTENCE): Promise<Scored> {
    let audioUrl: string;
    if (typeof audio === 'string') audioUrl = audio;
    else {
      saved += 1;
      const path = join(folder, `answer-${saved}.wav`);
      await writeFile(path, audio);
      audioUrl = pathToFileURL(path).href;
    }
    const answer = await postRepeatSentence(server, audioUrl, refText);
    const body = answer.body as {
      data?: { components?: Component[]; words?: Word[]; error?: { code: string } };
    };
    return {
      status: answer.status,
      code: body.data?.error?.code ?? null,
      components: body.data?.components ?? [],
      words: body.data?.words ?? [],
    };
  }

  const component = (result: Scored, name: string): Component | undefined =>
    result.components.find((entry) => entry.name === name);
  const said = (result: Scored): string[] =>
    result.words
      .filter((word) => word.label !== 'Missing' && word.label !== 'Pause')
      .map((word) => word.word);
  /** Each reference word: said or `Missing`, or null where the engine marks it unsure. */
  const sureDecisions = (result: Scored): (boolean | null)[] =>
    result.words
      .filter((word) => word.label !== 'Pause' && word.label !== 'Inserted')
      .map((word) => (word.unsure ? null : word.label !== 'Missing'));
  /** How far a component moved, in the 0.1 steps of the requests' precision. */
  const moved = (from: Scored, to: Scored, name: string): number =>
    Math.round(Math.abs(component(to, name)!.score - component(from, name)!.score) * 10) / 10;

  // Whether such an answer is refused outright or held at 1 for the examiner depends on where
  // its rendition score falls between the two calibrated bars, which every refit moves (the
  // held path's wiring is a unit test, engine-scoring.test.ts). Neither ever credits it.
  it('never credits a different sentence, and says why', async () => {
    const result = await score(
      await spokenReading('My brother plays football with his friends every Sunday'),
    );
    expect(result.status).toBe(200);
    expect(component(result, 'score_content')?.score).toBeLessThanOrEqual(1);
    expect(component(result, 'score_content')?.status).toBeGreaterThan(0);
    expect(component(result, 'score_content')?.suggestion).toMatch(
      /(does not|may not) match the sentence/u,
    );
    expect(component(result, 'overall')?.score).toBeLessThanOrEqual(1);
    expect(result.words.some((word) => word.label === 'Good')).toBe(false);
  });

  it('hears a reading that begins and ends in exact digital silence', async () => {
    const padded = await edit(await synthesizeSpeech(READING_SENTENCE, { wordsPerMinute: 149 }), [
      'pad',
      '0.5',
      '0.5',
    ]);
    const { samples } = await decodeAudio(padded);
    expect(samples.subarray(0, 8000).every((value) => value === 0)).toBe(true);
    const result = await score(padded);
    expect(component(result, 'score_content')).toMatchObject({ score: 3, status: 0 });
    expect(result.words.filter((word) => word.label !== 'Pause')).toHaveLength(8);
    expect(result.words.every((word) => word.label === 'Pause' || word.end > word.start)).toBe(
      true,
    );
  });

  it('scores a reading recorded 50 dB quieter (a microphone turned down) as at full level', async () => {
    const { samples } = await decodeAudio(await spokenReading());
    const full = await score(encodeWav(samples));
    const quiet = await score(encodeWav(samples.map((sample) => sample * 10 ** (-50 / 20))));
    expect(quiet).toMatchObject({ status: 200, code: null });
    expect(component(quiet, 'score_content')).toMatchObject({ score: 3, status: 0 });
    const pronunciation = (result: Scored): number =>
      component(result, 'score_pronunciation')!.score;
    expect(Math.abs(pronunciation(quiet) - pronunciation(full))).toBeLessThanOrEqual(0.5);
  });

  it.each(['hum', 'buzz', 'pink'] as const)('refuses %s or finds it unscorable', async (kind) => {
    const result = await score(await synthesizedNoise(kind));
    if (result.status === 200) {
      expect(component(result, 'score_content')?.status).toBe(2);
      expect(component(result, 'overall')?.score).toBe(0);
    } else {
      expect(result).toMatchObject({ status: 422, code: 'NO_SPEECH' });
    }
  });

  it('scores the sentence in white noise at 5 dB with a caution that says so', async () => {
    const clean = await decodeAudio(await spokenReading());
    const result = await score(encodeWav(withWhiteNoise(clean.samples, 5)));
    expect(result.status).toBe(200);
    const pronunciation = component(result, 'score_pronunciation');
    expect(pronunciation?.status).toBe(1);
    expect(pronunciation?.suggestion).toMatch(/noisy/u);
    expect(component(result, 'score_content')?.score).toBeGreaterThan(0);
  });

  // "project" said as "prozhooked": its vowels and its last consonants wrong. Its word score
  // sits at the Average bar: `Bad` (2.2 of 5) under the calibration of 2026-12-06, `Average`
  // (3.0) under its refit of 2026-12-07, which moved the bar from 9.3 to 9.2. So the test
  // holds what both give: not `Good`, and under the words said right. The word labels hear
  // such a word poorly ("brogeck" for it is `Good`; BENCHMARKS.md, "Moonshine's end of the
  // answer, moved on").
  it('labels a word said badly under Good, and the words said right Good', async () => {
    const result = await score(
      await spokenReading('The students finished their prozhooked before the deadline'),
    );
    const project = result.words.find((word) => word.word === 'project')!;
    expect(project.label).not.toBe('Good');
    expect(project.pronunciation).toBeLessThanOrEqual(0.6 * 5);
    const students = result.words.find((word) => word.word === 'students')!;
    expect(students.label).toBe('Good');
    expect(students.pronunciation).toBeGreaterThan(project.pronunciation + 1);
  });

  // Silero's probability stays under 0.5 through most of this learner's reading (experts'
  // total 9 of 10): it hears 0.27 s of speech, which the 0.3 s bar refused as NO_SPEECH. The
  // recogniser hears it poorly too, so the verdict may hold it for the examiner (status 1);
  // it must never be refused or called another sentence.
  it.skipIf(!corpusAvailable())(
    'scores a learner whose voice the speech detector barely hears, not refusing it as silence',
    async () => {
      const label = readLabels().find((entry) => entry.id === '021790112')!;
      const url = pathToFileURL(join(SO762_DIR, 'audio', `${label.id}.wav`)).href;
      const result = await score(url, label.text);
      expect(result).toMatchObject({ status: 200, code: null });
      const content = component(result, 'score_content')!;
      expect(content.status).toBeLessThan(2);
      expect(content.score).toBeGreaterThanOrEqual(1);
    },
  );

  it.skipIf(!corpusAvailable())(
    'rejects speechocean762 recordings scored against another sentence',
    async () => {
      // Six recordings of six-word sentences or longer, each against another such sentence.
      const labels = readLabels();
      const long = labels.filter((entry) => entry.text.split(' ').length >= 6);
      const picked = long
        .filter((_, index) => index % Math.floor(long.length / 6) === 0)
        .slice(0, 6);
      let low = 0;
      for (const [index, label] of picked.entries()) {
        const url = pathToFileURL(join(SO762_DIR, 'audio', `${label.id}.wav`)).href;
        const wrong = await score(url, otherSentence(label, labels, index)!);
        const content = component(wrong, 'score_content')?.score ?? 0;
        if (content <= 1 && (component(wrong, 'overall')?.score ?? 0) <= 2) low += 1;
      }
      // The benchmark's held-out rate is about 86%; one recording in six may slip through.
      expect(low).toBeGreaterThanOrEqual(5);
    },
  );

  // Learners' readings whose quiet ends lay near the offset's level: before the offset was taken
  // out, the first was cut to its first words (content 1, overall 0.3 against 2.7). Recorded in
  // stereo with one channel's polarity inverted, each was refused as having no speech.
  it.skipIf(!corpusAvailable()).each([
    [
      'a DC offset (a sound card adding a constant)',
      (samples: Float32Array) => encodeWav(samples.map((sample) => sample + 0.05)),
    ],
    [
      'two channels, one inverted (a microphone pair wired out of phase)',
      (samples: Float32Array) =>
        encodeStereoWav(
          samples,
          samples.map((sample) => -sample),
        ),
    ],
  ])('scores readings recorded with %s as without it', async (_, recorded) => {
    for (const id of ['021790168', '054240109', '010440107']) {
      const path = join(SO762_DIR, 'audio', `${id}.wav`);
      const { samples } = await decodeAudio(new Uint8Array(await readFile(path)));
      const text = readLabels().find((label) => label.id === id)!.text;
      const clean = await score(encodeWav(samples), text);
      const device = await score(recorded(samples), text);
      expect(device).toMatchObject({ status: 200, code: null });
      expect(said(device), id).toEqual(said(clean));
      for (const name of ['score_content', 'score_pronunciation', 'score_fluency', 'overall']) {
        expect(moved(clean, device, name), `${id} ${name}`).toBeLessThanOrEqual(0.3);
      }
    }
  });

  // Learners' readings turned up 24 dB over a peak at half of full scale (a shouted answer, a
  // gain set too high), clipped at full scale. Scored as recorded, before the flat peaks were
  // redrawn at decode: content 2, 1 and 1 for the first three (overall 2.5, 0.8 and 1.1 against
  // 4.1, 3.2 and 3.5), and the fourth called noisy.
  it.skipIf(!corpusAvailable())(
    'scores readings through a microphone turned up until it clips as the same readings, cautioned',
    async () => {
      for (const id of ['034120162', '003060337', '007650174', '085810002']) {
        const path = join(SO762_DIR, 'audio', `${id}.wav`);
        const { samples } = await decodeAudio(new Uint8Array(await readFile(path)));
        const text = readLabels().find((label) => label.id === id)!.text;
        const gain = (0.5 / peakAmplitude(samples)) * 10 ** (24 / 20);
        const clean = await score(encodeWav(samples), text);
        const clipped = await score(
          encodeWav(samples.map((sample) => Math.max(-1, Math.min(1, sample * gain)))),
          text,
        );
        expect(clipped).toMatchObject({ status: 200, code: null });
        // A decision the engine marks unsure may flip (003060337's "HIMSELF", whose support
        // lies at the neural reading's bar: Missing unsurely, clean, overall 1.0 lower); every
        // sure one holds, content moves by no more than the words unsure, and overall by no
        // more than 0.5 where none is.
        const [before, after] = [sureDecisions(clean), sureDecisions(clipped)];
        const unsure = before.filter((decision, slot) => decision === null || after[slot] === null);
        expect(
          after.map((decision, slot) => (before[slot] === null ? null : decision)),
          id,
        ).toEqual(before.map((decision, slot) => (after[slot] === null ? null : decision)));
        expect(moved(clean, clipped, 'score_content'), id).toBeLessThanOrEqual(unsure.length);
        if (unsure.length === 0)
          expect(moved(clean, clipped, 'overall'), id).toBeLessThanOrEqual(0.5);
        const caution = component(clipped, 'score_pronunciation')!.suggestion ?? '';
        expect(caution, id).toMatch(/clipped/u);
        expect(caution, id).not.toMatch(/noisy/u);
      }
    },
  );

  // Learners who read the first half of the sentence and stop (cut after the middle word, then
  // 1 s of the recording's own quiet). Before the words left unsaid were taken out of the
  // context the word model reads, 16 of the 22 words `Good` in the whole readings came out
  // `Average` or `Bad` in their halves, with the same times; after, 1 of 20.
  it.skipIf(!corpusAvailable())(
    'keeps the words said well before a learner stops as they are in the whole reading',
    async () => {
      const spoken = (result: Scored): Word[] =>
        result.words.filter((word) => word.label !== 'Pause' && word.label !== 'Inserted');
      const kept: boolean[] = [];
      for (const id of [
        '000060116',
        '013090339',
        '022360092',
        '030230119',
        '075510076',
        '010990202',
        '029170309',
      ]) {
        const path = join(SO762_DIR, 'audio', `${id}.wav`);
        const { samples, sampleRate } = await decodeAudio(new Uint8Array(await readFile(path)));
        const text = readLabels().find((label) => label.id === id)!.text;
        const whole = spoken(await score(encodeWav(samples), text));
        const last = Math.floor(whole.length / 2) - 1;
        const cutAt = Math.round(((whole[last]!.end + 150) / 1000) * sampleRate);
        const quiet = samples.subarray(0, Math.round(0.2 * sampleRate));
        const stopped = new Float32Array(cutAt + 5 * quiet.length);
        stopped.set(samples.subarray(0, cutAt));
        for (let copy = 0; copy < 5; copy += 1) stopped.set(quiet, cutAt + copy * quiet.length);
        const half = await score(encodeWav(stopped), text);
        expect(component(half, 'score_content')?.suggestion, id).not.toMatch(/match the sentence/u);
        whole.slice(0, last + 1).forEach((word, slot) => {
          if (word.label === 'Good') kept.push(spoken(half)[slot]?.label === 'Good');
        });
      }
      expect(kept.length).toBeGreaterThanOrEqual(18);
      expect(kept.filter(Boolean).length / kept.length).toBeGreaterThanOrEqual(0.85);
    },
  );
});
