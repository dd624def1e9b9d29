import type { Decoder, SoundSwallowerModule } from 'soundswallower';
import type { DecodedSegment } from '../acoustic-model.js';

/** The release whose struct layout FIELD matches; package.json pins exactly this version. */
export const SOUNDSWALLOWER_VERSION = '0.6.3';

/**
 * The JavaScript API exposes only rounded posteriors, so the acoustic score is read from the
 * C segment iterator: { vt, search, word, sf, ef, ascr, lscr, prob, ... } of 32-bit fields.
 */
export const FIELD = { word: 2, startFrame: 3, endFrame: 4, acousticScore: 5 } as const;

interface SegmentApi {
  _decoder_seg_iter(decoder: number): number;
  _seg_iter_next(iter: number): number;
  HEAP32: Int32Array;
  HEAPU8: Uint8Array;
}

export function readSegments(wasm: SoundSwallowerModule, decoder: Decoder): DecodedSegment[] {
  const module = wasm as unknown as SegmentApi;
  const handle = (decoder as unknown as { cdecoder: number }).cdecoder;
  const segments: DecodedSegment[] = [];
  for (
    let iter = module._decoder_seg_iter(handle);
    iter !== 0;
    iter = module._seg_iter_next(iter)
  ) {
    const base = iter >> 2;
    const field = (offset: number): number => module.HEAP32[base + offset] ?? 0;
    const text = readCString(module.HEAPU8, field(FIELD.word));
    if (text === '' || text === '(NULL)') continue;
    segments.push({
      text,
      startFrame: field(FIELD.startFrame),
      endFrame: field(FIELD.endFrame),
      acousticScore: field(FIELD.acousticScore),
    });
  }
  return segments;
}

function readCString(heap: Uint8Array, pointer: number): string {
  if (pointer === 0) return '';
  let end = pointer;
  while (heap[end] !== 0 && end < heap.length) end += 1;
  return new TextDecoder().decode(heap.subarray(pointer, end));
}
