/**
 * How often Repeat Sentence finds a false start in speechocean762's real readings, which are
 * read once: by the grammar's restart arc, and by the second decode after a pause
 * (src/engine/evidence/false-start.ts), with how many readings take that second decode.
 * Usage: npx tsx bench/false-starts.ts [stride] (every stride-th reading; default 1).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeAudio } from '../src/engine/audio/decode.js';
import { restartAfterPause, splitFalseStart } from '../src/engine/evidence/false-start.js';
import type { AcousticModel } from '../src/engine/recognizer/acoustic-model.js';
import { ensureInDictionary } from '../src/engine/recognizer/dictionary.js';
import { sequenceGrammar } from '../src/engine/recognizer/grammar.js';
import { loadAcousticModel } from '../src/engine/recognizer/load.js';
import { isFiller } from '../src/engine/recognizer/recognize.js';
import { tokenize } from '../src/engine/text/words.js';
import { readLabels, SO762_DIR, exitUnlessCorpus } from './so762-corpus.js';

exitUnlessCorpus('false-starts');
const stride = Number(process.argv[2] ?? 1);
const model = await loadAcousticModel();
let secondDecodes = 0;
// The same model, counting the decodes the pause rule asks for.
const counting: AcousticModel = Object.assign(Object.create(model) as AcousticModel, {
  decodeGrammar: (samples: Float32Array, jsgf: string) => {
    secondDecodes += 1;
    return model.decodeGrammar(samples, jsgf);
  },
});
const counts = { readings: 0, arc: 0, pause: 0, looked: 0 };
for (const label of readLabels().filter((_, index) => index % stride === 0)) {
  const bytes = new Uint8Array(readFileSync(join(SO762_DIR, 'audio', `${label.id}.wav`)));
  const { samples } = await decodeAudio(bytes);
  const reference = tokenize(label.text);
  ensureInDictionary(
    model,
    reference.flatMap((word) => word.spoken),
  );
  const path = model.decodeGrammar(samples, sequenceGrammar(reference));
  const split = splitFalseStart(
    path.filter((segment) => !isFiller(segment.text)),
    reference,
  );
  counts.readings += 1;
  if (split && split.falseStart.length > 0) {
    counts.arc += 1;
    console.log(
      `arc   ${label.id} ${label.text} | ${split.falseStart.map((w) => w.text).join(' ')}`,
    );
    continue;
  }
  if (!split) continue;
  const before = secondDecodes;
  const restart = restartAfterPause(counting, samples, reference, path);
  if (secondDecodes > before) counts.looked += 1;
  if (restart) {
    counts.pause += 1;
    console.log(
      `pause ${label.id} ${label.text} | ${restart.falseStart.map((w) => w.text).join(' ')}`,
    );
  }
}
model.close();
console.log(
  `${counts.readings} real readings: a false start by the arc in ${counts.arc}, after a pause in ${counts.pause}; ${counts.looked} took the second decode (${secondDecodes} decodes).`,
);
