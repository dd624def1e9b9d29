/**
 * How Repeat Sentence's reading decode (src/engine/evidence/reading-decode.ts) treats
 * speechocean762's real readings, which are read once: how many it finds a false start in, how
 * many take a second decode after a pause (false-start.ts), and how many it decodes again with
 * wide beams because the first decode left speech under silence, with how many keep that decode,
 * and how many it ends before speech that follows the reading (speech-after.ts).
 * Usage: npx tsx bench/false-starts.ts [stride] (every stride-th reading; default 1).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeAudio } from '../src/engine/audio/decode.js';
import { frameLevels } from '../src/engine/evidence/levels.js';
import { decodeReading } from '../src/engine/evidence/reading-decode.js';
import type {
  AcousticModel,
  Beams,
  DecodedSegment,
} from '../src/engine/recognizer/acoustic-model.js';
import { ensureInDictionary } from '../src/engine/recognizer/dictionary.js';
import { loadAcousticModel } from '../src/engine/recognizer/load.js';
import { isFiller } from '../src/engine/recognizer/recognize.js';
import { tokenize } from '../src/engine/text/words.js';
import { readLabels, SO762_DIR, exitUnlessCorpus } from './so762-corpus.js';

exitUnlessCorpus('false-starts');
const stride = Number(process.argv[2] ?? 1);
const model = await loadAcousticModel();
// The same model, counting its grammar decodes and keeping the paths decoded with wide beams.
let decodes = 0;
let widened = false;
const widePaths = new Set<DecodedSegment[]>();
const counting: AcousticModel = Object.assign(Object.create(model) as AcousticModel, {
  decodeGrammar: (samples: Float32Array, jsgf: string) => {
    decodes += 1;
    const path = model.decodeGrammar(samples, jsgf);
    if (widened) widePaths.add(path);
    return path;
  },
  withBeams: <T>(beams: Beams, run: () => T): T =>
    model.withBeams(beams, () => {
      widened = true;
      try {
        return run();
      } finally {
        widened = false;
      }
    }),
});
const counts = { readings: 0, falseStart: 0, moreDecodes: 0, widened: 0, wideKept: 0, ended: 0 };
for (const label of readLabels().filter((_, index) => index % stride === 0)) {
  const bytes = new Uint8Array(readFileSync(join(SO762_DIR, 'audio', `${label.id}.wav`)));
  const { samples } = await decodeAudio(bytes);
  const reference = tokenize(label.text);
  ensureInDictionary(
    model,
    reference.flatMap((word) => word.spoken),
  );
  decodes = 0;
  widePaths.clear();
  const split = decodeReading(counting, samples, frameLevels(samples), reference, true);
  counts.readings += 1;
  if (decodes > 1) counts.moreDecodes += 1;
  if (widePaths.size > 0) counts.widened += 1;
  const kept = widePaths.has(split.decodedPath);
  if (kept) counts.wideKept += 1;
  const words = (segments: DecodedSegment[]): string =>
    segments
      .filter((segment) => !isFiller(segment.text))
      .map((segment) => segment.text)
      .join(' ');
  if (kept) console.log(`wide  ${label.id} ${label.text} | ${words(split.reading)}`);
  if (split.endFrame !== undefined) {
    counts.ended += 1;
    console.log(
      `ended ${label.id} ${label.text} | ${words(split.reading)} | before frame ${split.endFrame}`,
    );
  }
  if (split.falseStart.length > 0) {
    counts.falseStart += 1;
    console.log(`start ${label.id} ${label.text} | ${words(split.falseStart)}`);
  }
}
model.close();
console.log(
  `${counts.readings} real readings: a false start in ${counts.falseStart}; ${counts.moreDecodes} decoded more than once; ${counts.widened} decoded again with wide beams, ${counts.wideKept} of them keeping that decode; ${counts.ended} ended before speech after them.`,
);
