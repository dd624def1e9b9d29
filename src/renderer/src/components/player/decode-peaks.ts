/** Peak amplitude per column, 0–1, from a recording's decoded audio; and its true length. */
export interface Peaks {
  peaks: Float32Array;
  durationMs: number;
}

/** Decodes with Web Audio (whatever the container says about its length) and takes peaks. */
export async function decodePeaks(blob: Blob, columns: number): Promise<Peaks> {
  const context = new OfflineAudioContext(1, 1, 8000);
  const audio = await context.decodeAudioData(await blob.arrayBuffer());
  const samples = audio.getChannelData(0);
  const peaks = new Float32Array(columns);
  const step = samples.length / columns;
  let loudest = 0;
  for (let column = 0; column < columns; column += 1) {
    let peak = 0;
    const end = Math.min(samples.length, Math.floor((column + 1) * step));
    for (let i = Math.floor(column * step); i < end; i += 1) {
      const value = Math.abs(samples[i] as number);
      if (value > peak) peak = value;
    }
    peaks[column] = peak;
    if (peak > loudest) loudest = peak;
  }
  if (loudest > 0) for (let column = 0; column < columns; column += 1) peaks[column]! /= loudest;
  return { peaks, durationMs: audio.duration * 1000 };
}
