/**
 * The app's sample Retell Lecture and Describe Image items (resources/samples), each answered
 * by a clear paraphrase that says every one of its key points, read by espeak-ng's voices and,
 * where installed, Festival's: the case of issue 20 where an examiner saw content 0.6 of 5 and
 * a transcript of hesitations the voice never made. Printed per item and voice: content, the
 * key points heard, and the words shown that the paraphrase never says.
 *
 *   npx tsx bench/sample-paraphrases.ts
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeAudio } from '../src/engine/audio/decode.js';
import { closeSpeechEngine, loadSpeechEngine, scoreAnswer } from '../src/engine/tasks/index.js';
import { sameStem } from '../src/engine/text/inflections.js';
import { tokenize } from '../src/engine/text/words.js';
import { synthesizeSpeech } from '../test/helpers/speech-fixtures.js';
import { festivalAvailable, festivalSay } from './so762-user-cases.js';

interface SampleItem {
  key: string;
  task: 'rl' | 'di';
  refText: string;
  keywords: string[];
}

/** Each says every key point of its item, in the candidate's own words. */
const PARAPHRASES: Record<string, string> = {
  'rl-1':
    'The lecture was about honey bees. Bees are important pollinators. When they collect nectar they carry pollen between flowers, and this lets crops produce fruit. Recently the number of bees has declined, because of pesticides, disease and the loss of wild flowers. Now farmers and scientists work together to protect them.',
  'rl-2':
    'The speaker said that sleep is central to memory. In deep sleep the brain replays what we learned in the day and moves it into long term storage. Students who sleep after studying remember more than students who stay awake. So sleep is part of learning.',
  'rl-3':
    'The lecture explained that trees make cities cooler. Their shade and water can lower temperatures in summer. Trees also clean the air and reduce flooding after rain. So many cities plan to plant thousands of new trees.',
  'di-1':
    'This bar chart shows where electricity comes from. Gas is the largest source with thirty five percent, and wind has twenty five percent. Coal and solar have fifteen percent each, and hydro is the smallest with ten percent. Overall, renewables make half of the electricity.',
  'di-2':
    'The line graph shows how many people visited the museum. There were two thousand visitors in January. The number rose to a peak of eight thousand in April and then fell to five thousand in June.',
  'di-3':
    'This diagram shows the stages of the water cycle. First comes evaporation from the sea, then condensation into clouds. The water falls as rain and goes back to the sea in rivers.',
};

const ESPEAK_VOICES = ['en-us', 'en-gb', 'en-us+f2', 'en-us+m3'];
const FOLDER = mkdtempSync(join(tmpdir(), 'paraphrases-'));
const MANIFEST = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../resources/samples/manifest.json',
);

async function reading(text: string, voice: string): Promise<Float32Array> {
  if (voice !== 'festival')
    return (await decodeAudio(await synthesizeSpeech(text, { voice }))).samples;
  const out = join(FOLDER, 'festival.wav');
  await festivalSay(text, out);
  return (await decodeAudio(new Uint8Array(readFileSync(out)))).samples;
}

const items = (JSON.parse(readFileSync(MANIFEST, 'utf8')) as { items: SampleItem[] }).items.filter(
  (item) => PARAPHRASES[item.key],
);
const voices = [...ESPEAK_VOICES, ...(festivalAvailable() ? ['festival'] : [])];
const engine = await loadSpeechEngine();
const lines = [
  '| Item | Voice | Content (of 5) | Key points heard | Words shown the paraphrase never says |',
  '| --- | --- | --- | --- | --- |',
];
const totals = { answers: 0, atLeast4: 0, shown: 0, unsaid: 0 };
for (const item of items) {
  const said = tokenize(PARAPHRASES[item.key]!).flatMap((word) => word.spoken);
  for (const voice of voices) {
    const samples = await reading(PARAPHRASES[item.key]!, voice);
    const result = await scoreAnswer(
      engine,
      item.task,
      {
        audioUrl: 'file:',
        refText: item.refText,
        keywords: item.keywords,
        scale: 5,
        precision: 0.1,
      },
      { samples, durationSeconds: samples.length / 16000, cautions: [] },
    );
    const content = result.components.find((entry) => entry.name === 'score_content')!.score;
    const heard = (result.keyPoints ?? []).filter((point) => point.heard).length;
    const shown = tokenize(result.transcription).flatMap((word) => word.spoken);
    const unsaid = shown.filter((word) => !said.some((truth) => sameStem(truth, word)));
    totals.answers += 1;
    totals.atLeast4 += content >= 4 ? 1 : 0;
    totals.shown += shown.length;
    totals.unsaid += unsaid.length;
    lines.push(
      `| ${item.key} | ${voice} | ${content} | ${heard} of ${item.keywords.length} | ${unsaid.length} of ${shown.length}${unsaid.length > 0 ? `: ${unsaid.join(' ')}` : ''} |`,
    );
  }
}
await closeSpeechEngine(engine);
rmSync(FOLDER, { recursive: true, force: true });
console.log(lines.join('\n'));
console.log(
  `\n${totals.atLeast4} of ${totals.answers} answers at content 4 or more; ${totals.unsaid} of ${totals.shown} words shown are never said in the paraphrase (${((100 * totals.unsaid) / Math.max(1, totals.shown)).toFixed(1)}%).`,
);
