import { describe, expect, it } from 'vitest';
import { decodeAudio, type DecodedAudio } from '../../src/engine/audio/decode.js';
import { parseOpusHead } from '../../src/engine/audio/opus.js';
import { detectFormat } from '../../src/engine/audio/sniff.js';
import {
  encodeStereoWav,
  encodeWav,
  missingToolsReason,
  readAudioFixture,
  rootMeanSquare,
  sineWav,
  sox,
  synthesizeSpeech,
  zeroCrossingFrequency,
} from '../helpers/speech-fixtures.js';

const tools = missingToolsReason();
const SENTENCE = 'The quick brown fox jumps over the lazy dog.';
/** espeak-ng's rendering of SENTENCE at 175 words per minute; the fixtures were made from it. */
const SENTENCE_SECONDS = 2.909;

function expectScoringError(code: string) {
  return expect.objectContaining({ name: 'ScoringError', code, field: 'audioUrl' });
}

/** The level of speech in 20 ms frames, to compare a decoded recording with its source. */
function envelope(audio: DecodedAudio): number[] {
  const frame = 320;
  const levels: number[] = [];
  for (let start = 0; start + frame <= audio.samples.length; start += frame) {
    levels.push(rootMeanSquare(audio.samples.subarray(start, start + frame)));
  }
  return levels;
}

function correlation(a: number[], b: number[]): number {
  const n = Math.min(a.length, b.length);
  const mean = (x: number[]) => x.slice(0, n).reduce((s, v) => s + v, 0) / n;
  const [ma, mb] = [mean(a), mean(b)];
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    ab += (a[i]! - ma) * (b[i]! - mb);
    aa += (a[i]! - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}

/** Codec delay shifts a recording by a few ms; the best match within ±100 ms is what counts. */
function bestCorrelation(a: number[], b: number[]): number {
  let best = -1;
  for (let shift = -5; shift <= 5; shift++) {
    best = Math.max(
      best,
      shift >= 0 ? correlation(a.slice(shift), b) : correlation(a, b.slice(-shift)),
    );
  }
  return best;
}

describe('detectFormat', () => {
  it('tells containers apart by their first bytes', async () => {
    expect(detectFormat(await readAudioFixture('speech.mp3'))).toBe('mp3');
    expect(detectFormat(await readAudioFixture('speech-stereo-id3.mp3'))).toBe('mp3');
    expect(detectFormat(await readAudioFixture('speech.opus.ogg'))).toBe('ogg');
    expect(detectFormat(await readAudioFixture('speech-chromium.webm'))).toBe('webm');
    expect(detectFormat(new TextEncoder().encode('ID3 but too short'))).toBe('mp3');
    expect(detectFormat(new TextEncoder().encode('{"json": "not audio"}'))).toBeUndefined();
  });
});

describe('decodeAudio: committed fixtures', () => {
  it.each([
    ['speech.mp3', 0.1],
    ['speech-stereo-id3.mp3', 0.1],
    ['speech.opus.ogg', 0.05],
  ])('decodes %s to the length of its source', async (name, tolerance) => {
    const audio = await decodeAudio(await readAudioFixture(name));
    expect(audio.sampleRate).toBe(16000);
    expect(Math.abs(audio.durationSeconds - SENTENCE_SECONDS)).toBeLessThan(tolerance);
    expect(rootMeanSquare(audio.samples)).toBeGreaterThan(0.03);
  });

  it("takes out a DC offset (a sound card's constant) and keeps the sound on it", async () => {
    const tone = Float32Array.from(
      { length: 16000 },
      (_, i) => 0.2 * Math.sin((2 * Math.PI * 200 * i) / 16000),
    );
    const { samples } = await decodeAudio(encodeWav(tone.map((value) => value + 0.05)));
    const settled = samples.subarray(800);
    expect(Math.abs(settled.reduce((sum, value) => sum + value, 0) / settled.length)).toBeLessThan(
      1e-3,
    );
    expect(rootMeanSquare(settled) / rootMeanSquare(tone.subarray(800))).toBeCloseTo(1, 1);
  });

  it('keeps the sound of two channels that cancel (one inverted), and mixes two that do not', async () => {
    const tone = (hz: number): Float32Array =>
      Float32Array.from(
        { length: 16000 },
        (_, i) => 0.2 * Math.sin((2 * Math.PI * hz * i) / 16000),
      );
    const a = tone(200);
    const inverted = await decodeAudio(
      encodeStereoWav(
        a,
        a.map((value) => -value),
      ),
    );
    expect(rootMeanSquare(inverted.samples.subarray(800)) / rootMeanSquare(a)).toBeCloseTo(1, 1);
    const mixed = await decodeAudio(encodeStereoWav(a, tone(300)));
    expect(rootMeanSquare(mixed.samples.subarray(800)) / rootMeanSquare(a)).toBeCloseTo(
      Math.SQRT1_2,
      1,
    );
  });

  it('takes out the slow swing a browser recording starts with when its filter settles on an offset', async () => {
    // Opus encoders reject DC with a 3 Hz high-pass: an offset present at the start decays in 53 ms.
    const swing = Float32Array.from(
      { length: 8000 },
      (_, i) => 0.05 * Math.exp(-i / 16000 / 0.053),
    );
    const { samples } = await decodeAudio(encodeWav(swing));
    // From 30 to 100 ms in, the swing is 12 dB or more lower (quiet in the level steps' terms).
    const window = [480, 1600] as const;
    expect(rootMeanSquare(samples.subarray(...window))).toBeLessThan(
      rootMeanSquare(swing.subarray(...window)) / 4,
    );
  });

  it('decodes multichannel Ogg Opus (channel mapping family 1)', async () => {
    const bytes = await readAudioFixture('sine440-3ch.opus.ogg');
    const head = parseOpusHead(bytes.subarray(Buffer.from(bytes).indexOf('OpusHead')));
    expect(head).toMatchObject({ channels: 3, streamCount: 2, coupledStreamCount: 1 });
    const audio = await decodeAudio(bytes);
    expect(audio.durationSeconds).toBeCloseTo(1, 1);
    expect(zeroCrossingFrequency(audio.samples.subarray(1600, 14400), 16000)).toBeCloseTo(440, -1);
  });

  it("decodes Chromium MediaRecorder's WebM/Opus, which has no duration in its header", async () => {
    const audio = await decodeAudio(await readAudioFixture('speech-chromium.webm'));
    expect(audio.sampleRate).toBe(16000);
    expect(audio.durationSeconds).toBeGreaterThan(2.8);
    expect(audio.durationSeconds).toBeLessThan(3.2);
    expect(rootMeanSquare(audio.samples)).toBeGreaterThan(0.03);
  });

  it.each(['speech.mp3', 'speech.opus.ogg', 'speech-chromium.webm'])(
    'refuses %s over the duration limit before decoding',
    async (name) => {
      const bytes = await readAudioFixture(name);
      await expect(decodeAudio(bytes, { maxDurationSeconds: 1 })).rejects.toEqual(
        expectScoringError('AUDIO_TOO_LONG'),
      );
    },
  );

  it.each(['speech.mp3', 'speech.opus.ogg', 'speech-chromium.webm'])(
    'decodes what is there of %s when the upload was cut short, inventing nothing',
    async (name) => {
      const bytes = await readAudioFixture(name);
      const whole = await decodeAudio(bytes);
      const part = await decodeAudio(bytes.subarray(0, Math.floor(bytes.length * 0.6)));
      expect(part.durationSeconds).toBeGreaterThan(whole.durationSeconds * 0.4);
      expect(part.durationSeconds).toBeLessThan(whole.durationSeconds * 0.75);
    },
  );

  it('refuses a truncated or damaged compressed file as unreadable', async () => {
    const webm = await readAudioFixture('speech-chromium.webm');
    await expect(decodeAudio(webm.subarray(0, 40))).rejects.toEqual(
      expectScoringError('AUDIO_UNREADABLE'),
    );
    const ogg = await readAudioFixture('speech.opus.ogg');
    const noise = ogg.slice();
    for (let i = 4; i < noise.length; i++) noise[i] = (i * 7919) & 0xff;
    await expect(decodeAudio(noise)).rejects.toEqual(expectScoringError('AUDIO_UNREADABLE'));
  });
});

describe.skipIf(tools)('decodeAudio: formats sox writes', () => {
  it('decodes FLAC (44.1 kHz stereo) to the same speech as the WAV it came from', async () => {
    const wav = await synthesizeSpeech(SENTENCE);
    const flac = await sox([wav], { type: 'flac', rate: 44100, channels: 2, bits: 16 });
    const [fromWav, fromFlac] = await Promise.all([decodeAudio(wav), decodeAudio(flac)]);
    expect(fromFlac.durationSeconds).toBeCloseTo(fromWav.durationSeconds, 2);
    expect(bestCorrelation(envelope(fromWav), envelope(fromFlac))).toBeGreaterThan(0.99);
  });

  it('decodes 24-bit FLAC tones at their pitch', async () => {
    const audio = await decodeAudio(await sineWav(440, 2, { type: 'flac', rate: 96000, bits: 24 }));
    expect(audio.durationSeconds).toBeCloseTo(2, 2);
    expect(zeroCrossingFrequency(audio.samples, 16000)).toBeCloseTo(440, -1);
  });

  it('decodes Ogg Vorbis', async () => {
    const wav = await synthesizeSpeech(SENTENCE);
    const vorbis = await sox([wav], { type: 'vorbis', rate: 44100 });
    expect(detectFormat(vorbis)).toBe('ogg');
    const [fromWav, fromVorbis] = await Promise.all([decodeAudio(wav), decodeAudio(vorbis)]);
    expect(fromVorbis.durationSeconds).toBeCloseTo(fromWav.durationSeconds, 1);
    expect(bestCorrelation(envelope(fromWav), envelope(fromVorbis))).toBeGreaterThan(0.95);
  });

  it.each(['speech.mp3', 'speech.opus.ogg', 'speech-chromium.webm'])(
    'hears the same sentence in %s as in the WAV',
    async (name) => {
      const [fromWav, fromFixture] = await Promise.all([
        decodeAudio(await synthesizeSpeech(SENTENCE)),
        decodeAudio(await readAudioFixture(name)),
      ]);
      expect(bestCorrelation(envelope(fromWav), envelope(fromFixture))).toBeGreaterThan(0.9);
    },
  );
});
