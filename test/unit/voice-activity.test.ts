import { describe, expect, it } from 'vitest';
import {
  FLAT_LEVEL,
  LevelMeter,
  VoiceActivity,
} from '../../src/renderer/src/recording/voice-activity.js';
import { pinkNoiseSamples } from '../helpers/speech-fixtures.js';

// The meter as the app reads it: the last 1024 samples at 48 kHz, once per animation frame.
const RATE = 48_000;
const WINDOW = 1024;
const WINDOW_MS = (WINDOW / RATE) * 1000;
const FRAME_MS = 1000 / 60;

/** A repeatable random source, so a failure can be run again exactly. */
function randomSource(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 16_807) % 2_147_483_647;
    return state / 2_147_483_647;
  };
}

function scaleTo(samples: Float32Array, dbfs: number): Float32Array {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  const gain = 10 ** (dbfs / 20) / Math.sqrt(sum / samples.length);
  return samples.map((sample) => sample * gain);
}

/** Pink noise, a room's steady floor, at `dbfs` RMS. */
function pinkNoise(seconds: number, dbfs: number, random: () => number): Float32Array {
  return scaleTo(pinkNoiseSamples(Math.round(seconds * RATE), random), dbfs);
}

/**
 * Speech-like sound at `dbfs` RMS over its whole length: voiced syllables of 120 to 300 ms
 * (a 140 Hz buzz with harmonics, 10 ms onsets and decays), 40 to 160 ms apart.
 */
function speech(seconds: number, dbfs: number, random: () => number): Float32Array {
  const out = new Float32Array(Math.round(seconds * RATE));
  let start = 0;
  while (start < out.length) {
    const length = Math.min(Math.round((0.12 + random() * 0.18) * RATE), out.length - start);
    const loudness = 0.3 + random() * 0.7;
    for (let i = 0; i < length; i += 1) {
      const edge = Math.min(1, i / (0.01 * RATE), (length - i) / (0.01 * RATE));
      const phase = (2 * Math.PI * 140 * (start + i)) / RATE;
      const buzz = Math.sin(phase) + Math.sin(2 * phase) / 2 + Math.sin(3 * phase) / 3;
      out[start + i] = buzz * edge * loudness;
    }
    start += length + Math.round((0.04 + random() * 0.12) * RATE);
  }
  return scaleTo(out, dbfs);
}

/** A steady voiced sound at `dbfs` RMS: a held vowel, or "um". */
function held(seconds: number, dbfs: number): Float32Array {
  const out = new Float32Array(Math.round(seconds * RATE));
  for (let i = 0; i < out.length; i += 1) {
    const edge = Math.min(1, i / (0.01 * RATE), (out.length - i) / (0.01 * RATE));
    out[i] = Math.sin((2 * Math.PI * 140 * i) / RATE) * edge;
  }
  return scaleTo(out, dbfs);
}

function mixAt(room: Float32Array, sound: Float32Array, atSeconds: number): Float32Array {
  const mixed = room.slice();
  const offset = Math.round(atSeconds * RATE);
  sound.forEach((sample, i) => (mixed[offset + i]! += sample));
  return mixed;
}

/** Where the sound really ends: its last sample that is not zero. */
function lastSoundMs(sound: Float32Array, atSeconds: number): number {
  let last = sound.length - 1;
  while (last > 0 && sound[last] === 0) last -= 1;
  return atSeconds * 1000 + (last / RATE) * 1000;
}

interface Heard {
  /** When each meter reading was judged speech. */
  speechAtMs: number[];
  speechMs: number;
  /** When the input had been silent for two seconds after speech (null: never). */
  twoSecondsSilentAtMs: number | null;
}

/** Reads the meter on `signal` at animation-frame times, irregular by up to ±`jitter`. */
function listen(signal: Float32Array, jitter = 0.5, seed = 7): Heard {
  const voice = new VoiceActivity();
  const meter = new LevelMeter();
  const random = randomSource(seed);
  const heard: Heard = { speechAtMs: [], speechMs: 0, twoSecondsSilentAtMs: null };
  const endMs = (signal.length / RATE) * 1000;
  for (let atMs = WINDOW_MS; atMs < endMs; atMs += FRAME_MS * (1 + (random() * 2 - 1) * jitter)) {
    voice.hear(meterAt(meter, signal, atMs), atMs);
    if (voice.isSpeaking()) heard.speechAtMs.push(atMs);
    if (
      heard.twoSecondsSilentAtMs === null &&
      voice.speechMs() > 0 &&
      voice.silentMs(atMs) >= 2000
    ) {
      heard.twoSecondsSilentAtMs = atMs;
    }
  }
  heard.speechMs = voice.speechMs();
  return heard;
}

/** The meter's level at `atMs`: the last WINDOW samples, as the app reads them. */
function meterAt(meter: LevelMeter, signal: Float32Array, atMs: number): number {
  const end = Math.round((atMs / 1000) * RATE);
  return meter.read(signal.subarray(Math.max(0, end - WINDOW), end));
}

/** Speech from 2 s to 6 s into 10 s of a room. */
function speechInRoom(speechDb: number, floorDb: number, seed: number) {
  const random = randomSource(seed);
  const words = speech(4, speechDb, random);
  const signal = mixAt(pinkNoise(10, floorDb, random), words, 2);
  return { signal, startMs: 2000, endMs: lastSoundMs(words, 2) };
}

/** `offset`: a constant the sound card adds to every sample (a DC offset). */
function expectSpeechFound(speechDb: number, floorDb: number, offset = 0) {
  for (const seed of [1, 2, 3]) {
    const { signal, startMs, endMs } = speechInRoom(speechDb, floorDb, seed);
    const heard = listen(
      signal.map((sample) => sample + offset),
      0.5,
      seed,
    );
    const first = heard.speechAtMs[0]!;
    const last = heard.speechAtMs.at(-1)!;
    // Found within two frames of the meter's window reaching the sound, or leaving it.
    expect(first).toBeGreaterThanOrEqual(startMs);
    expect(first).toBeLessThanOrEqual(startMs + WINDOW_MS + 2 * FRAME_MS);
    expect(last).toBeLessThanOrEqual(endMs + WINDOW_MS + 2 * FRAME_MS);
    expect(last).toBeGreaterThanOrEqual(endMs - 2 * FRAME_MS);
    // Most of the sounding time counts, the gaps between syllables partly too.
    expect(heard.speechMs).toBeGreaterThan(2000);
    expect(heard.twoSecondsSilentAtMs).not.toBeNull();
    expect(Math.abs(heard.twoSecondsSilentAtMs! - (last + 2000))).toBeLessThanOrEqual(2 * FRAME_MS);
  }
}

describe('speech and silence judged against the room', () => {
  it('finds quiet speech (-40 dBFS) over a quiet room (-70 dBFS), and its end', () => {
    expectSpeechFound(-40, -70);
  });

  it('finds speech at -20 dBFS over a noisy room (-45 dBFS), and its end', () => {
    expectSpeechFound(-20, -45);
  });

  it('finds a loud speaker (-8 dBFS, the meter at its top) over a quiet room, and the end', () => {
    expectSpeechFound(-8, -50);
  });

  it('finds speech and its end through a DC offset (a sound card adding 0.05 to every sample)', () => {
    expectSpeechFound(-30, -60, 0.05);
    expect(new LevelMeter().read(new Float32Array(WINDOW).fill(0.05))).toBeLessThan(FLAT_LEVEL);
  });

  it('does not take a beep still ringing as the recorder starts for speech', () => {
    const random = randomSource(23);
    const ring = held(0.3, -20).map((sample, i) => sample * Math.exp(-i / (0.05 * RATE)));
    const signal = mixAt(pinkNoise(4, -50, random), ring, 0);
    const heard = listen(signal);
    expect(heard.speechAtMs).toEqual([]);
  });

  it('learns the floor from the gaps between words when speech starts at once', () => {
    const random = randomSource(11);
    const words = speech(5, -20, random);
    const signal = mixAt(pinkNoise(9, -45, random), words, 0);
    const heard = listen(signal);
    expect(heard.speechMs).toBeGreaterThan(2500);
    const last = heard.speechAtMs.at(-1)!;
    expect(last).toBeLessThanOrEqual(lastSoundMs(words, 0) + WINDOW_MS + 2 * FRAME_MS);
    expect(heard.twoSecondsSilentAtMs).not.toBeNull();
  });

  it('keeps a held sound (a long "um", 4 s) as speech to its end', () => {
    const random = randomSource(13);
    const signal = mixAt(pinkNoise(8, -60, random), held(4, -35), 1);
    const heard = listen(signal);
    // Speech for the whole 4 s, give or take the meter's window and a frame or two.
    expect(heard.speechMs).toBeGreaterThan(4000 - WINDOW_MS - 2 * FRAME_MS);
    expect(heard.speechMs).toBeLessThan(4000 + WINDOW_MS + 2 * FRAME_MS);
    expect(heard.speechAtMs.at(-1)).toBeGreaterThan(5000 - 2 * FRAME_MS);
  });

  it('keeps speech that trails off softly (10 dB over the room) as speech', () => {
    const random = randomSource(19);
    const words = speech(1, -30, random);
    const trailing = held(1.5, -52);
    const signal = mixAt(mixAt(pinkNoise(6, -60, random), words, 1), trailing, 2);
    const heard = listen(signal);
    expect(heard.speechAtMs.at(-1)).toBeGreaterThan(3500 - 2 * FRAME_MS);
    expect(heard.twoSecondsSilentAtMs).toBeGreaterThan(5500 - 2 * FRAME_MS);
  });

  it('never counts a steady floor as speech, at any level', () => {
    for (const floorDb of [-90, -70, -55, -45, -35, -25, -12]) {
      const heard = listen(pinkNoise(60, floorDb, randomSource(-floorDb)));
      expect(heard.speechAtMs, `a floor at ${floorDb} dBFS`).toEqual([]);
    }
  });

  it('learns a room that got louder within seconds', () => {
    const random = randomSource(5);
    const quietThenNoisy = new Float32Array([
      ...pinkNoise(5, -60, random),
      ...pinkNoise(15, -40, random),
    ]);
    const heard = listen(quietThenNoisy);
    expect(heard.speechAtMs.every((atMs) => atMs < 5000 + 10_000)).toBe(true);
  });

  it('never counts a flat input as speech: silence, or a crackle below the flat level', () => {
    const voice = new VoiceActivity();
    const random = randomSource(3);
    for (let frame = 0; frame < 3600; frame += 1) {
      const level = frame < 600 ? 0 : random() * FLAT_LEVEL;
      voice.hear(level, frame * FRAME_MS);
      expect(voice.isSpeaking()).toBe(false);
    }
    expect(voice.speechMs()).toBe(0);
  });

  it('learns the room, not the digital silence of a device still opening', () => {
    const random = randomSource(17);
    const opening = new Float32Array([...new Float32Array(RATE), ...pinkNoise(9, -40, random)]);
    expect(listen(opening).speechAtMs).toEqual([]);
  });

  it('counts a frame that came late (a stalled window) as one short frame of speech', () => {
    const voice = new VoiceActivity();
    const loud = 10 ** (-20 / 20);
    voice.hear(loud / 100, 0);
    voice.hear(loud, FRAME_MS);
    voice.hear(loud, 2 * FRAME_MS);
    voice.hear(loud, 2 * FRAME_MS + 2000);
    expect(voice.isSpeaking()).toBe(true);
    expect(voice.speechMs()).toBeLessThanOrEqual(2 * FRAME_MS + 100);
  });

  it('does not let a dropped reading or a stalled frame make the floor look like speech', () => {
    const random = randomSource(9);
    const room = pinkNoise(10, -40, random);
    room.fill(0, 3 * RATE, 3 * RATE + WINDOW);
    const voice = new VoiceActivity();
    const meter = new LevelMeter();
    let spoke = false;
    for (let atMs = WINDOW_MS; atMs < 10_000; atMs += atMs > 6000 && atMs < 6500 ? 400 : FRAME_MS) {
      voice.hear(meterAt(meter, room, atMs), atMs);
      spoke ||= voice.isSpeaking();
    }
    expect(spoke).toBe(false);
  });
});
