/**
 * Words the forced alignment splits with a pause: `npx tsx bench/inner-silences.ts`. The
 * alignment makes each phone its own word (recognizer/recognize.ts), so the decoder may put
 * silence or noise between two phones of one word; the word then runs over the pause when the
 * examiner plays it back, and the phone before the pause is scored on whatever sound it was
 * pushed onto. Counted on the speechocean762 readings as recorded, from the analyses
 * `bench/so762-analyses.ts` cached for the engine as it is (EXAMINER_SPEECH_MODEL picks the model).
 */
import type { HeardWord } from '../src/engine/evidence/speech-analysis.js';
import { quantile } from '../src/engine/evidence/statistics.js';
import { FRAME_MS } from '../src/engine/recognizer/acoustic-model.js';
import { readCachedAnalyses } from './so762-analyses.js';
import { exitUnlessCorpus } from './so762-corpus.js';

exitUnlessCorpus('inner-silences');

/** A gap between two phones of a word from this long counts as a pause inside it. */
const PAUSE_MS = 100;

/** The longest gap between two consecutive phones of the word, and the phone it comes before. */
function longestInnerGap(word: HeardWord): { ms: number; beforePhone: number } {
  let longest = { ms: 0, beforePhone: -1 };
  for (let index = 1; index < word.phones.length; index += 1) {
    const frames = word.phones[index]!.startFrame - word.phones[index - 1]!.endFrame - 1;
    if (frames * FRAME_MS > longest.ms) longest = { ms: frames * FRAME_MS, beforePhone: index };
  }
  return longest;
}

const readings = [...readCachedAnalyses()].filter(([id]) => id.startsWith('real:'));
if (readings.length === 0) {
  console.log('No cached analyses of this engine: run `npx tsx bench/so762-analyses.ts` first.');
  process.exit(0);
}
let words = 0;
let readingsWithPause = 0;
const pauses: number[] = [];
const where = { first: 0, inner: 0, last: 0, afterFirstPhone: 0, beforeLastPhone: 0 };
for (const [, { analysis }] of readings) {
  const aligned = analysis.aligned.filter((word) => word.phones.length > 0);
  words += aligned.length;
  let found = false;
  aligned.forEach((word, index) => {
    const gap = longestInnerGap(word);
    if (gap.ms < PAUSE_MS) return;
    found = true;
    pauses.push(gap.ms);
    where[index === 0 ? 'first' : index === aligned.length - 1 ? 'last' : 'inner'] += 1;
    if (gap.beforePhone === 1) where.afterFirstPhone += 1;
    if (gap.beforePhone === word.phones.length - 1) where.beforeLastPhone += 1;
  });
  if (found) readingsWithPause += 1;
}
const share = (count: number, total: number): string =>
  `${count} of ${total} (${((100 * count) / total).toFixed(1)}%)`;
console.log(`Aligned words with a pause of ${PAUSE_MS} ms or more between two of their phones:`);
console.log(`- words: ${share(pauses.length, words)}`);
console.log(`- readings holding one: ${share(readingsWithPause, readings.length)}`);
console.log(
  `- the pause: median ${quantile(pauses, 0.5)} ms, 90th percentile ${quantile(pauses, 0.9)} ms`,
);
console.log(
  `- the word: first of the reading ${where.first}, inner ${where.inner}, last ${where.last}`,
);
console.log(
  `- the pause after the word's first phone ${where.afterFirstPhone}, before its last ${where.beforeLastPhone}`,
);
