import { describe, expect, it } from 'vitest';
import { decodeAudio, decodedSamples } from '../../src/engine/audio/decode.js';
import { analyseQuality, assertScorable, DBFS_FLOOR } from '../../src/engine/audio/quality.js';
import {
  clippedWav,
  concatenate,
  edit,
  missingToolsReason,
  silentWav,
  synthesizeSpeech,
  uniformNoise,
  withWhiteNoise,
} from '../helpers/speech-fixtures.js';

const tools = missingToolsReason();
const SENTENCE = 'Please describe the picture in as much detail as you can.';

describe('analyseQuality: silence', () => {
  it('calls digital silence silent, and assertScorable refuses it with NO_SPEECH', async () => {
    const quality = await analyseQuality(await decodeAudio(silentWav(3)));
    expect(quality).toMatchObject({
      silent: true,
      clipped: false,
      speechSeconds: 0,
      rmsDbfs: DBFS_FLOOR,
      peakDbfs: DBFS_FLOOR,
    });
    expect(quality.leadingSilenceMs).toBe(3000);
    expect(() => assertScorable(quality)).toThrow(
      expect.objectContaining({ code: 'NO_SPEECH', field: 'audioUrl' }),
    );
  });

  it.each([-70, -50, -30])(
    'calls steady noise at %i dBFS with nothing said silent',
    async (level) => {
      const quality = await analyseQuality(await decodeAudio(silentWav(3, { noiseDbfs: level })));
      expect(quality.silent).toBe(true);
      expect(quality.rmsDbfs).toBeCloseTo(level, 0);
    },
  );

  it('copes with audio too short to hold one analysis frame', async () => {
    expect(await analyseQuality(decodedSamples(new Float32Array(100)))).toMatchObject({
      silent: true,
      speechSeconds: 0,
    });
  });
});

describe.skipIf(tools)('analyseQuality: speech', () => {
  it('finds the speech in an espeak-ng sentence and lets it through', async () => {
    const audio = await decodeAudio(await synthesizeSpeech(SENTENCE));
    const quality = await analyseQuality(audio);
    expect(quality.silent).toBe(false);
    expect(quality.clipped).toBe(false);
    expect(quality.speechSeconds).toBeGreaterThan(audio.durationSeconds * 0.5);
    expect(quality.speechSeconds).toBeLessThanOrEqual(audio.durationSeconds);
    expect(quality.peakDbfs).toBeLessThan(0);
    expect(() => assertScorable(quality)).not.toThrow();
  });

  it('measures the silence before and after the speech', async () => {
    const speech = await synthesizeSpeech(SENTENCE);
    const padded = await concatenate([silentWav(1.5), speech, silentWav(0.8)]);
    const plain = await analyseQuality(await decodeAudio(speech));
    const quality = await analyseQuality(await decodeAudio(padded));
    expect(quality.leadingSilenceMs - plain.leadingSilenceMs).toBeGreaterThan(1400);
    expect(quality.leadingSilenceMs - plain.leadingSilenceMs).toBeLessThan(1600);
    expect(quality.trailingSilenceMs - plain.trailingSilenceMs).toBeGreaterThan(700);
    expect(quality.trailingSilenceMs - plain.trailingSilenceMs).toBeLessThan(900);
    expect(quality.speechSeconds).toBeCloseTo(plain.speechSeconds, 0);
  });

  it('still hears speech over steady background noise', async () => {
    const speech = await decodeAudio(await synthesizeSpeech(SENTENCE));
    const noise = await decodeAudio(silentWav(speech.durationSeconds, { noiseDbfs: -40 }));
    const samples = speech.samples.map((v, i) => v + (noise.samples[i] ?? 0));
    const quality = await analyseQuality({ ...speech, samples });
    expect(quality.silent).toBe(false);
    expect(quality.speechSeconds).toBeGreaterThan(speech.durationSeconds * 0.3);
  });

  it('flags clipping as a caution without refusing the audio', async () => {
    const quality = await analyseQuality(
      await decodeAudio(await clippedWav(await synthesizeSpeech(SENTENCE))),
    );
    expect(quality.clipped).toBe(true);
    expect(quality.clippedRatio).toBeGreaterThan(0.01);
    // The flat tops are redrawn and brought back under full scale (declip.ts).
    expect(quality.peakDbfs).toBeGreaterThan(-1);
    expect(quality.silent).toBe(false);
    expect(() => assertScorable(quality)).not.toThrow();
  });

  it('hears a quiet speaker as speech, not silence', async () => {
    const quiet = await edit(await synthesizeSpeech(SENTENCE), ['gain', '-24']);
    expect((await analyseQuality(await decodeAudio(quiet))).silent).toBe(false);
  });

  it.each([30, 40])(
    'hears a sentence recorded %i dB quieter (a microphone turned down) as at full level',
    async (quieterDb) => {
      const audio = await decodeAudio(await synthesizeSpeech(SENTENCE));
      const full = await analyseQuality(audio);
      const gain = 10 ** (-quieterDb / 20);
      const quiet = await analyseQuality({
        ...audio,
        samples: audio.samples.map((sample) => sample * gain),
      });
      expect(quiet.silent).toBe(false);
      expect(quiet.speechSeconds).toBeGreaterThan(0.9 * full.speechSeconds);
      expect(quiet.speechSeconds).toBeLessThan(1.1 * full.speechSeconds);
    },
  );
});

describe.skipIf(tools)('analyseQuality: the noise caution', () => {
  // espeak-ng reads it at 140 words a minute without a pause: its speech fills the recording.
  const FLUENT = 'The library will be closed on public holidays.';
  const fluent = async (): Promise<Float32Array> =>
    (await decodeAudio(await synthesizeSpeech(FLUENT, { wordsPerMinute: 140 }))).samples;
  /** The sentence from its first moment, then two seconds of a quiet room (−65 dBFS) under all. */
  const answered = (speech: Float32Array): Float32Array =>
    uniformNoise(speech.length + 2 * 16000, -65, 7).map((room, i) => room + (speech[i] ?? 0));

  it('does not call a synthetic sentence with nothing around it noisy', async () => {
    const quality = await analyseQuality(decodedSamples(await fluent()));
    expect(quality.noisy).toBe(false);
    expect(quality.snrDb).toBeGreaterThan(30);
  });

  it('does not call an answer begun at once and followed by a quiet room noisy', async () => {
    const quality = await analyseQuality(decodedSamples(answered(await fluent())));
    expect(quality.noisy).toBe(false);
  });

  it('calls the same answer under white noise 10 dB down noisy', async () => {
    const quality = await analyseQuality(
      decodedSamples(withWhiteNoise(answered(await fluent()), 10)),
    );
    expect(quality.noisy).toBe(true);
  });
});
