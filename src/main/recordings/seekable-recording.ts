import {
  ALL_FORMATS,
  BufferSource,
  BufferTarget,
  Conversion,
  Input,
  Output,
  WebMOutputFormat,
} from 'mediabunny';

export interface SeekableRecording {
  bytes: Uint8Array;
  /** The recording's length, or null when it could not be read. */
  durationMs: number | null;
}

const WEBM = /^(audio|video)\/webm\b/iu;

/**
 * Chromium's MediaRecorder writes WebM as a live stream: no duration and no cues, so players
 * report an infinite length and cannot seek. The same Opus packets are copied (not re-encoded)
 * into a finished WebM file that carries both. Other formats are kept as they are.
 */
export async function seekableRecording(
  bytes: Uint8Array,
  mimeType: string,
): Promise<SeekableRecording> {
  if (!WEBM.test(mimeType)) return { bytes, durationMs: await durationOf(bytes) };
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  try {
    const output = new Output({ format: new WebMOutputFormat(), target: new BufferTarget() });
    const conversion = await Conversion.init({ input, output });
    if (!conversion.isValid) return { bytes, durationMs: null };
    await conversion.execute();
    const buffer = output.target.buffer;
    if (!buffer) return { bytes, durationMs: null };
    const remuxed = new Uint8Array(buffer);
    return { bytes: remuxed, durationMs: await durationOf(remuxed) };
  } catch {
    // A recording the demuxer cannot read is still the examiner's: keep it as it came.
    return { bytes, durationMs: null };
  } finally {
    input.dispose();
  }
}

async function durationOf(bytes: Uint8Array): Promise<number | null> {
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  try {
    return Math.round((await input.computeDuration()) * 1000);
  } catch {
    return null;
  } finally {
    input.dispose();
  }
}
