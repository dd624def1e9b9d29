/**
 * Issue 19's case families (bench/so762-user-cases.ts) scored through the engine's public
 * scoring entry (`scoreAudioUrl`: fetch a file: URL, decode, check the audio, recognise, score)
 * with the calibration fitted on the corpus's train speakers only, so that the 60 test speakers
 * the cases are built from are held out of every choice. Scores are cached per engine
 * fingerprint under .tmp/so762-users.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ScoringError } from '../src/shared/contract/errors.js';
import type { Calibration, SecondModels } from '../src/engine/scoring/models/calibration.js';
import { DOUBTFUL_SENTENCE, NOT_THE_SENTENCE } from '../src/engine/scoring/suggestions.js';
import {
  closeSpeechEngine,
  loadSpeechEngine,
  scoreAudioUrl,
  type SpeechEngine,
} from '../src/engine/tasks/index.js';
import { configuredModel } from '../src/engine/recognizer/models.js';
import type { CaseAnalysis, CorpusItem } from './so762-analyses.js';
import type { Label } from './so762-corpus.js';
import { engineFingerprint } from './fingerprint.js';
import { USERS_CACHE_DIR } from './so762-split.js';
import {
  buildAudio,
  buildUserCases,
  CODECS,
  EXAM_QUIET_SECONDS,
  FAMILIES,
  FILLED_PAUSE,
  HESITATION_SECONDS,
  REPEAT_PAUSE_SECONDS,
  TURNED_DOWN_DB,
  DC_OFFSET,
  type Family,
  type UserCase,
} from './so762-user-cases.js';
import { CAUTIONS } from '../src/engine/scoring/suggestions.js';
import { audioPolicy } from '../src/server/limits.js';

export interface UserOutcome {
  id: string;
  /** The case's audio file, which names the case's every choice (so762-user-cases.ts). */
  file: string;
  family: Family;
  /** The error code when the answer was refused (NO_SPEECH), else null. */
  code: string | null;
  components: Array<{
    name: string;
    score: number;
    maxScore: number;
    status: number;
    suggestion: string | null;
  }>;
  /** The reference words in order (Pause and Inserted entries left out). */
  words: Array<{ word: string; label: string; start: number; end: number; unsure?: boolean }>;
  /** Inserted entries: words of a false start. */
  inserted?: number;
  /** Pause entries. */
  pauses?: number;
}

/** The labels of a sentence's words, from the best: the users bench counts and ranks them so. */
const LABELS_BEST_FIRST: readonly string[] = ['Good', 'Average', 'Bad', 'Missing'];

const POLICY = audioPolicy([join(USERS_CACHE_DIR, 'audio')], false);

function calibrationTag(calibration: Calibration, second?: SecondModels): string {
  let hash = 2166136261;
  const { model, ...bars } = calibration.verification;
  const text =
    JSON.stringify(bars) + JSON.stringify(model).slice(0, 20000) + JSON.stringify(second);
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return (hash >>> 0).toString(16);
}

/** The outcomes stored, by case audio file. */
function readOutcomes(file: string): Map<string, UserOutcome> {
  if (!existsSync(file)) return new Map();
  return new Map(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as UserOutcome)
      .map((row) => [row.file, row]),
  );
}

async function scoreCase(engine: SpeechEngine, item: UserCase, path: string): Promise<UserOutcome> {
  const request = {
    audioUrl: pathToFileURL(path).href,
    refText: item.refText,
    scale: 5,
    precision: 0.1,
  };
  try {
    const result = await scoreAudioUrl(engine, 'rs', request, POLICY);
    return {
      id: item.id,
      file: item.file,
      family: item.family,
      code: null,
      components: result.components.map(({ name, score, maxScore, status, suggestion }) => ({
        name,
        score,
        maxScore,
        status,
        suggestion,
      })),
      words: result.words
        .filter((word) => word.label !== 'Pause' && word.label !== 'Inserted')
        .map(({ word, label, start, end, unsure }) => ({ word, label, start, end, unsure })),
      inserted: result.words.filter((word) => word.label === 'Inserted').length,
      pauses: result.words.filter((word) => word.label === 'Pause').length,
    };
  } catch (error) {
    if (!(error instanceof ScoringError)) throw error;
    return {
      id: item.id,
      file: item.file,
      family: item.family,
      code: error.code,
      components: [],
      words: [],
    };
  }
}

/** Builds the families' audio and scores every case the cache lacks. */
export async function scoreUserCases(
  labels: readonly Label[],
  fullReadings: ReadonlyMap<string, CaseAnalysis>,
  calibration: Calibration,
  {
    families = FAMILIES as readonly Family[],
    log = (line: string) => console.log(line),
    second,
  }: {
    families?: readonly Family[];
    log?: (line: string) => void;
    /** The second acoustic model's delivery models and verifier (else the shipped calibration's). */
    second?: SecondModels;
  } = {},
): Promise<{ cases: UserCase[]; outcomes: Map<string, UserOutcome> }> {
  const cases = (await buildUserCases(labels, fullReadings)).filter((item) =>
    families.includes(item.family),
  );
  mkdirSync(USERS_CACHE_DIR, { recursive: true });
  const file = join(
    USERS_CACHE_DIR,
    `outcomes-${engineFingerprint()}-${calibrationTag(calibration, second)}.jsonl`,
  );
  const stored = readOutcomes(file);
  const outcomes = new Map(
    cases.flatMap((item): Array<[string, UserOutcome]> => {
      const outcome = stored.get(item.file);
      return outcome ? [[item.id, outcome]] : [];
    }),
  );
  const missing = cases.filter((item) => !outcomes.has(item.id));
  if (missing.length > 0) {
    const engine = await loadSpeechEngine(configuredModel(), calibration, second);
    for (const [index, item] of missing.entries()) {
      const outcome = await scoreCase(engine, item, await buildAudio(item, labels));
      appendFileSync(file, `${JSON.stringify(outcome)}\n`);
      outcomes.set(item.id, outcome);
      if (index % 25 === 0) log(`users: scored ${index + 1}/${missing.length}`);
    }
    await closeSpeechEngine(engine);
  }
  return { cases, outcomes };
}

type Verdict = 'refused' | 'not the sentence' | 'in doubt' | 'scored';

export function verdictOf(outcome: UserOutcome): Verdict {
  if (outcome.code !== null) return 'refused';
  const content = component(outcome, 'score_content');
  if (content?.suggestion === NOT_THE_SENTENCE || content?.status === 2) return 'not the sentence';
  return content?.suggestion === DOUBTFUL_SENTENCE ? 'in doubt' : 'scored';
}

function component(
  outcome: UserOutcome,
  name: string,
): UserOutcome['components'][number] | undefined {
  return outcome.components.find((entry) => entry.name === name);
}

function score(outcome: UserOutcome, name: string): number {
  return component(outcome, name)?.score ?? 0;
}

export function fullContent(outcome: UserOutcome): boolean {
  const content = component(outcome, 'score_content');
  return content !== undefined && content.score >= content.maxScore - 1e-9;
}

export function pct(count: number, total: number): string {
  return `${count}/${total} (${total > 0 ? ((100 * count) / total).toFixed(1) : '–'}%)`;
}

function meet(count: number, total: number, goal: number, atMost = false): string {
  const share = total > 0 ? count / total : 0;
  return (atMost ? share <= goal : share >= goal) ? 'met' : 'not met';
}

interface Row {
  family: string;
  n: number;
  figure: string;
  goal: string;
  met: string;
}

function verdicts(rows: readonly UserOutcome[]): string {
  const all: Verdict[] = ['refused', 'not the sentence', 'in doubt', 'scored'];
  return all
    .map((name) => `${name} ${rows.filter((row) => verdictOf(row) === name).length}`)
    .join(', ');
}

/** The label a reference word got: Missing where the answer was refused or the word not shown. */
function labelAt(outcome: UserOutcome, slot: number): string {
  return outcome.code ? 'Missing' : (outcome.words[slot]?.label ?? 'Missing');
}

/** The figures the issue's Proof asks for, one or more rows per family. */
export function userRows(
  cases: readonly UserCase[],
  outcomes: ReadonlyMap<string, UserOutcome>,
): Row[] {
  const of = (family: Family): Array<[UserCase, UserOutcome]> =>
    cases
      .filter((item) => item.family === family && outcomes.has(item.id))
      .map((item) => [item, outcomes.get(item.id)!]);
  const rows: Row[] = [];
  const clean = new Map(of('clean').map(([item, outcome]) => [item.labelId, outcome]));
  rows.push({
    family: 'clean (the reading, its own text)',
    n: clean.size,
    figure: `full content ${pct([...clean.values()].filter(fullContent).length, clean.size)}; ${verdicts([...clean.values()])}`,
    goal: 'reference for restarts',
    met: '',
  });
  for (const family of ['replace1', 'replace2'] as const) {
    const pairs = of(family);
    const words = pairs.flatMap(([item, outcome]) =>
      item.replacedSlots!.map((slot) => labelAt(outcome, slot)),
    );
    const flaggedCases = pairs.filter(([item, outcome]) =>
      item.replacedSlots!.every(
        (slot) =>
          outcome.code !== null ||
          ['Bad', 'Missing'].includes(outcome.words[slot]?.label ?? 'Missing'),
      ),
    ).length;
    const flaggedWords = words.filter((label) => label === 'Bad' || label === 'Missing').length;
    const belowFull = pairs.filter(([, outcome]) => !fullContent(outcome)).length;
    const labelCounts = LABELS_BEST_FIRST.map(
      (label) => `${label} ${words.filter((w) => w === label).length}`,
    ).join(', ');
    const name =
      family === 'replace1' ? 'one word replaced in refText' : 'two words replaced in refText';
    rows.push({
      family: `${name}: replaced words Bad or Missing`,
      n: pairs.length,
      figure: `cases ${pct(flaggedCases, pairs.length)}; words ${pct(flaggedWords, words.length)} (${labelCounts})`,
      goal: '≥ 90% of cases',
      met: meet(flaggedCases, pairs.length, 0.9),
    });
    rows.push({
      family: `${name}: content below full`,
      n: pairs.length,
      figure: pct(belowFull, pairs.length),
      goal: '≥ 90%',
      met: meet(belowFull, pairs.length, 0.9),
    });
  }
  const cut = of('cut');
  const unsaid = cut.flatMap(([item, outcome]) =>
    item.unsaidSlots!.map((slot) => ({
      label: labelAt(outcome, slot),
      word: outcome.words[slot],
      cutMs: item.cutMs!,
    })),
  );
  const shown = unsaid.filter((word) => word.label !== 'Missing');
  rows.push({
    family: `first half of a reading, whole sentence as refText: unsaid words after the cut (aligned start ≥ cut + 250 ms on the full reading; n = readings, counts = words)`,
    n: cut.length,
    figure: `shown as said ${pct(shown.length, unsaid.length)} (Good ${shown.filter((w) => w.label === 'Good').length}, Average ${shown.filter((w) => w.label === 'Average').length}, Bad ${shown.filter((w) => w.label === 'Bad').length}; ${shown.filter((w) => (w.word?.end ?? 0) > w.cutMs).length} of them timed after the cut, inside the 1 s of room noise); Missing ${pct(unsaid.length - shown.length, unsaid.length)}`,
    goal: 'Missing ≥ 90%, never Good',
    met:
      unsaid.length - shown.length >= 0.9 * unsaid.length && !shown.some((w) => w.label === 'Good')
        ? 'met'
        : 'not met',
  });
  const saidBefore = cut.flatMap(([item, outcome]) =>
    item.saidSlots!.map((slot) => ({
      label: labelAt(outcome, slot),
      unsure: outcome.words[slot]?.unsure,
    })),
  );
  rows.push({
    family: `first half of a reading: the words said before the cut (aligned end ≤ cut − 100 ms on the full reading; counts = words)`,
    n: cut.length,
    figure: `Good ${pct(saidBefore.filter((w) => w.label === 'Good').length, saidBefore.length)}; ${labelCounts(saidBefore)}`,
    goal: '',
    met: '',
  });
  const tail = of('tail');
  const labelsAt = (pick: (item: UserCase) => number[]): string[] =>
    tail.flatMap(([item, outcome]) => pick(item).map((slot) => labelAt(outcome, slot)));
  const before = labelsAt((item) => item.unsaidSlots!);
  const after = labelsAt((item) => item.saidSlots!);
  const shownBefore = before.filter((label) => label !== 'Missing');
  rows.push({
    family: `second half of a reading (1 s of room noise, then the reading from the middle of its speech), whole sentence as refText: words before the cut (aligned end ≤ cut − 250 ms on the full reading) and after it (start ≥ cut + 100 ms); n = readings, counts = words`,
    n: tail.length,
    figure: `before the cut shown as said ${pct(shownBefore.length, before.length)} (Good ${shownBefore.filter((l) => l === 'Good').length}); after the cut heard ${pct(after.filter((l) => l !== 'Missing').length, after.length)}`,
    goal: '',
    met: '',
  });
  rows.push(
    restartRow(
      of('restart'),
      clean,
      'restart (two words, 0.7 s pause, the whole sentence): pronunciation within 0.5 of the clean reading',
    ),
    restartRow(
      of('quickRestart'),
      clean,
      'restart without a pause (two words, 0.15 s, the whole sentence from its first word): pronunciation within 0.5 of the clean reading',
    ),
    restartRow(
      of('readTwice'),
      clean,
      'the whole sentence read, a 0.7 s pause, and read again: pronunciation within 0.5 of the clean reading',
      'the first reading',
    ),
  );
  rows.push(
    ...editedRows(of('skip'), of('repeat'), clean),
    pausedRow(
      of('pause'),
      clean,
      `a ${HESITATION_SECONDS} s pause (room noise) after an inner word`,
    ),
    pausedRow(
      of('filledPause'),
      clean,
      `an "uh" (${FILLED_PAUSE.gapSeconds} s quiet, the reader's own vowel drawn out to ${FILLED_PAUSE.vowelSeconds} s, ${FILLED_PAUSE.gapSeconds} s quiet) after an inner word`,
      filledPauseFigures,
    ),
    sameReadingRow(
      of('quiet'),
      clean,
      `the clean reading with ${EXAM_QUIET_SECONDS.before} s more room noise before it and ${EXAM_QUIET_SECONDS.after} s more after (an exam-mode answer's quiet)`,
    ),
    sameReadingRow(
      of('turnedDown'),
      clean,
      `the clean reading ${TURNED_DOWN_DB} dB quieter (a microphone turned down)`,
    ),
    sameReadingRow(
      of('dcOffset'),
      clean,
      `the clean reading with a DC offset of ${DC_OFFSET} of full scale (a sound card adding a constant)`,
    ),
    talkAfterRow(of('talkAfter'), clean),
  );
  const music = of('music');
  const nonSpeech = music.filter(([, outcome]) =>
    ['refused', 'not the sentence'].includes(verdictOf(outcome)),
  ).length;
  const kinds = [...new Set(music.map(([item]) => item.variant!))];
  rows.push({
    family:
      'music (plucked chords and melody, sine tone sequence, whistle sweep): refused or content 0',
    n: music.length,
    figure: `${pct(nonSpeech, music.length)}; ${kinds.map((kind) => `${kind}: ${verdicts(music.filter(([item]) => item.variant === kind).map(([, o]) => o))}`).join('; ')}`,
    goal: '≥ 95%',
    met: meet(nonSpeech, music.length, 0.95),
  });
  const slow = of('slow3').map(([, outcome]) => outcome);
  const slowLow = slow.filter(
    (outcome) => outcome.code !== null || score(outcome, 'score_fluency') <= 2,
  ).length;
  rows.push({
    family: 'reading slowed to a third (sox tempo): fluency ≤ 2 of 5',
    n: slow.length,
    figure: `${pct(slowLow, slow.length)}; fluency ${slow.map((o) => score(o, 'score_fluency').toFixed(1)).join(', ')}; full content ${pct(slow.filter(fullContent).length, slow.length)}`,
    goal: '≥ 90%',
    met: meet(slowLow, slow.length, 0.9),
  });
  const babble = of('babble').map(([, outcome]) => outcome);
  const noisy = babble.filter((outcome) =>
    outcome.components.some((c) => c.suggestion?.includes(CAUTIONS.noisy)),
  ).length;
  rows.push({
    family: 'babble of three other learners 10 dB under the reading: flagged noisy',
    n: babble.length,
    figure: `${pct(noisy, babble.length)}; ${verdicts(babble)}`,
    goal: '≥ 80%',
    met: meet(noisy, babble.length, 0.8),
  });
  rows.push(...codecRows(of('codec')));
  const synthetic = of('synthetic');
  const voices = [...new Set(synthetic.map(([item]) => item.variant!))];
  const full = synthetic.filter(([, outcome]) => fullContent(outcome)).length;
  rows.push({
    family: `correct readings by synthetic voices (${voices.join(', ')}): full content`,
    n: synthetic.length,
    figure: `${pct(full, synthetic.length)}; ${voices.map((voice) => `${voice} ${synthetic.filter(([item, o]) => item.variant === voice && fullContent(o)).length}/${synthetic.filter(([item]) => item.variant === voice).length}`).join(', ')}; ${verdicts(synthetic.map(([, o]) => o))}`,
    goal: '≥ 90%',
    met: meet(full, synthetic.length, 0.9),
  });
  const accented = of('accented');
  const refused = accented.filter(([, outcome]) =>
    ['refused', 'not the sentence'].includes(verdictOf(outcome)),
  ).length;
  const accents = [...new Set(accented.map(([item]) => item.variant!))];
  rows.push({
    family: `accented espeak-ng voices (${accents.join(', ')}) reading the right sentence: refused`,
    n: accented.length,
    figure: `${pct(refused, accented.length)}; ${accents.map((voice) => `${voice} ${accented.filter(([item, o]) => item.variant === voice && ['refused', 'not the sentence'].includes(verdictOf(o))).length}/${accented.filter(([item]) => item.variant === voice).length}`).join(', ')}; in doubt ${accented.filter(([, o]) => verdictOf(o) === 'in doubt').length}`,
    goal: '≤ 10%',
    met: meet(refused, accented.length, 0.1, true),
  });
  rows.push(...unsureRows(of));
  return rows;
}

type Pairs = Array<[UserCase, UserOutcome]>;

/** An edited reading's component against the same reading's clean score. */
function againstClean(
  clean: ReadonlyMap<string, UserOutcome>,
  item: UserCase,
  outcome: UserOutcome,
  name: string,
): number {
  return score(outcome, name) - score(clean.get(item.labelId)!, name);
}

function meanOf(values: readonly number[]): string {
  return (values.reduce((a, b) => a + b, 0) / Math.max(1, values.length)).toFixed(2);
}

/** A restart family against the clean readings it was built from. */
function restartRow(
  cases: Pairs,
  clean: ReadonlyMap<string, UserOutcome>,
  family: string,
  abandoned = 'the false start',
): Row {
  const restarts = cases.filter(([item]) => clean.has(item.labelId));
  const diffs = restarts.map(([item, outcome]) => ({
    pronunciation: againstClean(clean, item, outcome, 'score_pronunciation'),
    fluency: againstClean(clean, item, outcome, 'score_fluency'),
    early: outcome.words
      .slice(0, 2)
      .filter((word) => word.label !== 'Missing' && word.start < item.restartMs! - 100).length,
    bad: outcome.words.filter((word) => word.label === 'Bad').length,
    words: outcome.words.length,
    inserted: outcome.inserted ?? 0,
  }));
  const within = diffs.filter((diff) => Math.abs(diff.pronunciation) <= 0.5).length;
  return {
    family,
    n: restarts.length,
    figure: `${pct(within, restarts.length)}; mean difference pronunciation ${meanOf(diffs.map((d) => d.pronunciation))}, fluency ${meanOf(diffs.map((d) => d.fluency))}; fluency below the clean reading's in ${pct(diffs.filter((d) => d.fluency < 0).length, restarts.length)}; first two words aligned in ${abandoned} in ${pct(diffs.filter((d) => d.early > 0).length, restarts.length)}; ${abandoned} shown Inserted in ${pct(diffs.filter((d) => d.inserted > 0).length, restarts.length)}; full content ${pct(restarts.filter(([, outcome]) => fullContent(outcome)).length, restarts.length)} (clean: ${restarts.filter(([item]) => fullContent(clean.get(item.labelId)!)).length}); Bad words ${pct(
      diffs.reduce((s, d) => s + d.bad, 0),
      diffs.reduce((s, d) => s + d.words, 0),
    )} (clean: ${pct(
      restarts.reduce(
        (s, [item]) => s + clean.get(item.labelId)!.words.filter((w) => w.label === 'Bad').length,
        0,
      ),
      restarts.reduce((s, [item]) => s + clean.get(item.labelId)!.words.length, 0),
    )})`,
    goal: '≥ 90%',
    met: meet(within, restarts.length, 0.9),
  };
}

/**
 * A learner's pause in the middle of the sentence, silent or filled: the reading is the same, so
 * its content and pronunciation should be the clean reading's; fluency is where a pause counts.
 * `more` adds the family's own figures.
 */
function pausedRow(
  paused: Pairs,
  clean: ReadonlyMap<string, UserOutcome>,
  family: string,
  more: (pairs: Pairs) => string[] = () => [],
): Row {
  const { pairs, diff } = pairedWithClean(paused, clean);
  const pronunciation = diff('score_pronunciation');
  const fluency = diff('score_fluency');
  const sameContent = diff('score_content').filter((value) => value === 0).length;
  const within = pronunciation.filter((value) => Math.abs(value) <= 0.5).length;
  return {
    family: `${family}: pronunciation within 0.5 of the clean reading`,
    n: pairs.length,
    figure: [
      pct(within, pairs.length),
      `content as the clean reading's ${pct(sameContent, pairs.length)}`,
      `mean difference pronunciation ${meanOf(pronunciation)}, fluency ${meanOf(fluency)}`,
      `fluency below the clean reading's in ${pct(fluency.filter((value) => value < 0).length, pairs.length)}`,
      ...more(pairs),
      labelShift(pairs, clean),
      verdicts(pairs.map(([, outcome]) => outcome)),
    ].join('; '),
    goal: "≥ 90% (the restart's)",
    met: meet(within, pairs.length, 0.9),
  };
}

/**
 * An "uh": the words either side should also keep their own times rather than stretch over it,
 * and the pause it makes should be shown.
 */
function filledPauseFigures(pairs: Pairs): string[] {
  const { gapSeconds, vowelSeconds } = FILLED_PAUSE;
  const heard = (word: UserOutcome['words'][number]): boolean => word.label !== 'Missing';
  const taken = pairs.filter(([item, outcome]) => {
    const before = outcome.words[item.editedSlot!]!;
    const after = outcome.words[item.editedSlot! + 1]!;
    const uhStart = item.editedMs!.end + gapSeconds * 1000;
    const uhEnd = uhStart + vowelSeconds * 1000;
    return (
      (heard(before) && before.end > uhStart + 100) || (heard(after) && after.start < uhEnd - 100)
    );
  }).length;
  const shown = pairs.filter(([, outcome]) => (outcome.pauses ?? 0) > 0).length;
  return [
    `the "uh" taken into a word either side (its time 100 ms or more into the "uh") in ${pct(taken, pairs.length)}`,
    `a pause shown in ${pct(shown, pairs.length)}`,
  ];
}

/**
 * The clean reading as another answer holds it (the quiet of an exam-mode answer around it, a
 * microphone turned down): the same speech, so every score and label should be the clean
 * reading's.
 */
function sameReadingRow(
  cases: Pairs,
  clean: ReadonlyMap<string, UserOutcome>,
  answer: string,
): Row {
  const { pairs, diff } = pairedWithClean(cases, clean);
  const pronunciation = diff('score_pronunciation');
  const overall = diff('overall');
  const within = pronunciation.filter((value) => Math.abs(value) <= 0.5).length;
  return {
    family: `${answer}: pronunciation within 0.5 of the clean reading`,
    n: pairs.length,
    figure: `${pct(within, pairs.length)}; mean difference pronunciation ${meanOf(pronunciation)}, overall ${meanOf(overall)}; overall below the clean reading's in ${pct(overall.filter((value) => value < 0).length, pairs.length)}, above in ${overall.filter((value) => value > 0).length}; ${labelShift(pairs, clean)}; ${verdicts(pairs.map(([, outcome]) => outcome))}`,
    goal: "≥ 90% (the restart's)",
    met: meet(within, pairs.length, 0.9),
  };
}

/**
 * The clean reading, then the same learner reading another sentence after a pause: the sentence
 * was read as before, so its scores should be the clean reading's.
 */
function talkAfterRow(after: Pairs, clean: ReadonlyMap<string, UserOutcome>): Row {
  const { pairs, diff } = pairedWithClean(after, clean);
  const pronunciation = diff('score_pronunciation');
  const fluency = diff('score_fluency');
  const within = pairs.filter(
    (_, index) => Math.abs(pronunciation[index]!) <= 0.5 && Math.abs(fluency[index]!) <= 0.5,
  ).length;
  return {
    family: `the clean reading, a pause (0.7 s of room noise), then the learner reading another sentence: pronunciation and fluency within 0.5 of the clean reading`,
    n: pairs.length,
    figure: `${pct(within, pairs.length)}; mean difference pronunciation ${meanOf(pronunciation)}, fluency ${meanOf(fluency)}, overall ${meanOf(diff('overall'))}; content as the clean reading's ${pct(diff('score_content').filter((value) => value === 0).length, pairs.length)}; ${labelShift(pairs, clean)}; ${verdicts(pairs.map(([, outcome]) => outcome))}`,
    goal: "≥ 90% (the restart's)",
    met: meet(within, pairs.length, 0.9),
  };
}

/** The cases whose clean reading was scored, and a score's differences from the clean one's. */
function pairedWithClean(
  cases: Pairs,
  clean: ReadonlyMap<string, UserOutcome>,
): { pairs: Pairs; diff: (name: string) => number[] } {
  const pairs = cases.filter(([item]) => clean.has(item.labelId));
  return {
    pairs,
    diff: (name) => pairs.map(([item, outcome]) => againstClean(clean, item, outcome, name)),
  };
}

/** How many word labels came out worse than the clean reading's, and how many fell from Good. */
function labelShift(pairs: Pairs, clean: ReadonlyMap<string, UserOutcome>): string {
  const rank = (label: string): number => LABELS_BEST_FIRST.indexOf(label);
  const labelPairs = pairs.flatMap(([item, outcome]) => {
    const before = clean.get(item.labelId)!.words;
    return outcome.words.length === before.length
      ? outcome.words.map((word, slot) => [before[slot]!.label, word.label] as const)
      : [];
  });
  const worse = labelPairs.filter(([before, after]) => rank(after) > rank(before));
  const goodToBad = worse.filter(
    ([before, after]) => before === 'Good' && rank(after) >= rank('Bad'),
  );
  return `word labels worse than the clean reading's ${pct(worse.length, labelPairs.length)} (Good to Bad or Missing ${goodToBad.length})`;
}

function labelCounts(words: ReadonlyArray<{ label: string; unsure?: boolean }>): string {
  return LABELS_BEST_FIRST.map((label) => {
    const ofLabel = words.filter((word) => word.label === label);
    return `${label} ${ofLabel.length} (unsure ${ofLabel.filter((word) => word.unsure).length})`;
  }).join(', ');
}

/**
 * A word left out of the reading, and a word said twice: learners' own slips, measured as the
 * cut and the restart are (an unsaid word `Missing`; a repetition scored on the reading).
 */
function editedRows(
  skipped: Pairs,
  repeated: Pairs,
  clean: ReadonlyMap<string, UserOutcome>,
): Row[] {
  const wordOf = (item: UserCase, outcome: UserOutcome) =>
    outcome.code ? { label: 'Missing' } : (outcome.words[item.editedSlot!] ?? { label: 'Missing' });
  const left = skipped.map(([item, outcome]) => wordOf(item, outcome));
  const missing = left.filter((word) => word.label === 'Missing').length;
  const belowFull = skipped.filter(([, outcome]) => !fullContent(outcome)).length;
  const neighbours = skipped.flatMap(([item, outcome]) =>
    [item.editedSlot! - 1, item.editedSlot! + 1].map((slot) => labelAt(outcome, slot)),
  );
  const twice = repeated.filter(([item]) => clean.has(item.labelId));
  const pronunciation = twice.map(([item, o]) =>
    againstClean(clean, item, o, 'score_pronunciation'),
  );
  const within = pronunciation.filter((diff) => Math.abs(diff) <= 0.5).length;
  const cleanFull = twice.filter(([item]) => fullContent(clean.get(item.labelId)!)).length;
  return [
    {
      family:
        'one inner word left out of the reading (its aligned span cut from the audio), whole sentence as refText: that word Missing',
      n: skipped.length,
      figure: `${pct(missing, left.length)}; ${labelCounts(left)}; the words either side heard ${pct(neighbours.filter((label) => label !== 'Missing').length, neighbours.length)}`,
      goal: "≥ 90%, never Good (the cut's)",
      met:
        missing >= 0.9 * left.length && !left.some((word) => word.label === 'Good')
          ? 'met'
          : 'not met',
    },
    {
      family: 'one inner word left out of the reading: content below full',
      n: skipped.length,
      figure: pct(belowFull, skipped.length),
      goal: "≥ 90% (the replaced word's)",
      met: meet(belowFull, skipped.length, 0.9),
    },
    {
      family: `one inner word said twice (the word, a ${REPEAT_PAUSE_SECONDS} s pause, the word and the rest of the reading): pronunciation within 0.5 of the clean reading`,
      n: twice.length,
      figure: `${pct(within, twice.length)}; mean difference pronunciation ${meanOf(pronunciation)}, fluency ${meanOf(twice.map(([item, o]) => againstClean(clean, item, o, 'score_fluency')))}; repetition shown Inserted in ${pct(twice.filter(([, o]) => (o.inserted ?? 0) > 0).length, twice.length)}; full content ${pct(twice.filter(([, o]) => fullContent(o)).length, twice.length)} (clean: ${cleanFull}); the word itself ${labelCounts(twice.map(([item, o]) => wordOf(item, o)))}`,
      goal: "≥ 90% (the restart's)",
      met: meet(within, twice.length, 0.9),
    },
  ];
}

/**
 * Words said or `Missing` unsurely (docs/api.md): how often the mark lands on real words, on the
 * words shown as said that were not, and on the words called `Missing` that were not said.
 */
function unsureRows(of: (family: Family) => Pairs): Row[] {
  const wordsAt = (pairs: Pairs, slots: (item: UserCase) => number[]) =>
    pairs.flatMap(([item, outcome]) =>
      outcome.code
        ? []
        : slots(item)
            .map((slot) => outcome.words[slot])
            .filter((word) => word !== undefined),
    );
  const shownAt = (pairs: Pairs, slots: (item: UserCase) => number[]) =>
    wordsAt(pairs, slots).filter((word) => word.label !== 'Missing');
  const missingAt = (pairs: Pairs, slots: (item: UserCase) => number[]) =>
    wordsAt(pairs, slots).filter((word) => word.label === 'Missing');
  const marked = (words: ReadonlyArray<{ unsure?: boolean } | undefined>): string =>
    pct(words.filter((word) => word?.unsure === true).length, words.length);
  const byLabel = (words: ReadonlyArray<{ label: string; unsure?: boolean } | undefined>) =>
    ['Good', 'Average', 'Bad']
      .map((label) => {
        const ofLabel = words.filter((word) => word?.label === label);
        return `${label} ${ofLabel.filter((word) => word?.unsure).length}/${ofLabel.length}`;
      })
      .join(', ');
  const onReal = (family: Family, name: string): Row => {
    const pairs = of(family).filter(([, outcome]) => outcome.code === null);
    const words = pairs.flatMap(([, outcome]) =>
      outcome.words.filter((w) => w.label !== 'Missing'),
    );
    const missing = pairs.flatMap(([, outcome]) =>
      outcome.words.filter((w) => w.label === 'Missing'),
    );
    const readings = pairs.filter(([, outcome]) => outcome.words.some((w) => w.unsure)).length;
    return {
      family: `${name}: words shown as said marked unsure; Missing words marked unsure; readings with a word marked unsure either way`,
      n: pairs.length,
      figure: `words ${marked(words)}; Missing ${marked(missing)}; readings ${pct(readings, pairs.length)}`,
      goal: '',
      met: '',
    };
  };
  const replaced = [...of('replace1'), ...of('replace2')];
  const replacedShown = shownAt(replaced, (item) => item.replacedSlots!);
  const caught = replaced.filter(([item, outcome]) =>
    item.replacedSlots!.every((slot) => {
      const word = outcome.code ? undefined : outcome.words[slot];
      return word === undefined || ['Bad', 'Missing'].includes(word.label) || word.unsure === true;
    }),
  ).length;
  return [
    onReal('clean', 'clean readings (the reading, its own text)'),
    onReal('synthetic', 'correct readings by synthetic voices'),
    {
      family:
        'one or two words replaced in refText: replaced words shown as said and marked unsure; cases whose every replaced word is Bad, Missing or marked unsure; replaced words Missing and marked unsure',
      n: replaced.length,
      figure: `marked unsure ${marked(replacedShown)} (${byLabel(replacedShown)}); cases ${pct(caught, replaced.length)}; Missing marked unsure ${marked(missingAt(replaced, (item) => item.replacedSlots!))}`,
      goal: '',
      met: '',
    },
    {
      family:
        'first half of a reading: unsaid words after the cut shown as said and marked unsure; Missing and marked unsure',
      n: of('cut').length,
      figure: `marked unsure ${marked(shownAt(of('cut'), (item) => item.unsaidSlots!))}; Missing marked unsure ${marked(missingAt(of('cut'), (item) => item.unsaidSlots!))}`,
      goal: '',
      met: '',
    },
    {
      family:
        'second half of a reading: unsaid words before the cut shown as said and marked unsure; Missing and marked unsure',
      n: of('tail').length,
      figure: `marked unsure ${marked(shownAt(of('tail'), (item) => item.unsaidSlots!))}; Missing marked unsure ${marked(missingAt(of('tail'), (item) => item.unsaidSlots!))}`,
      goal: '',
      met: '',
    },
  ];
}

/**
 * The same mark on every reading of the 60 corpus-test speakers (their own text; the said
 * decision was fitted on the train speakers): how often a reading has a word to listen for, how
 * the words shown as said and marked stand with the experts, and how many of the words called
 * `Missing` that the experts scored 5+ (false Missing) are marked.
 */
export function unsureReadingsRow(readings: readonly CorpusItem[]): Row {
  const words = readings.flatMap((item) => {
    const heard = new Set(item.analysis.heard.map((word) => word.slot));
    return item.analysis.reference.map((_, slot) => ({
      accuracy: item.label.words[slot]?.accuracy ?? 10,
      heard: heard.has(slot),
      unsure: item.analysis.unsureSlots.includes(slot),
    }));
  });
  const withMark = readings.filter((item) => item.analysis.unsureSlots.length > 0).length;
  const markedOf = (heard: boolean, keep: (accuracy: number) => boolean): string => {
    const of = words.filter((word) => word.heard === heard && keep(word.accuracy));
    return pct(of.filter((word) => word.unsure).length, of.length);
  };
  return {
    family:
      'every reading of the 60 corpus-test speakers, its own text: readings with a word marked unsure either way; words shown as said that the experts scored 5+ / 0–4 marked; words Missing that they scored 5+ (false Missing) / 0–4 marked',
    n: readings.length,
    figure: `readings ${pct(withMark, readings.length)}; said 5+ ${markedOf(true, (a) => a >= 5)}, 0–4 ${markedOf(true, (a) => a < 5)}; Missing 5+ ${markedOf(false, (a) => a >= 5)}, 0–4 ${markedOf(false, (a) => a < 5)}`,
    goal: '',
    met: '',
  };
}

function codecRows(pairs: ReadonlyArray<[UserCase, UserOutcome]>): Row[] {
  const byLabel = new Map<string, Map<string, UserOutcome>>();
  for (const [item, outcome] of pairs)
    byLabel.set(item.labelId, (byLabel.get(item.labelId) ?? new Map()).set(item.variant!, outcome));
  const variants = [...byLabel.values()].flatMap((set) => {
    const wav = set.get('wav');
    if (!wav) return [];
    return CODECS.filter((codec) => codec !== 'wav' && set.has(codec)).map((codec) => {
      const other = set.get(codec)!;
      return {
        codec,
        same: verdictOf(other) === verdictOf(wav),
        diff: Math.abs(score(other, 'overall') - score(wav, 'overall')),
      };
    });
  });
  const same = variants.filter((v) => v.same).length;
  const close = variants.filter((v) => v.diff <= 0.5 + 1e-9).length;
  const perCodec = CODECS.filter((codec) => codec !== 'wav')
    .map((codec) => {
      const rows = variants.filter((v) => v.codec === codec);
      return `${codec}: verdict same ${rows.filter((v) => v.same).length}/${rows.length}, largest Δ overall ${Math.max(0, ...rows.map((v) => v.diff)).toFixed(1)}`;
    })
    .join('; ');
  return [
    {
      family:
        'codecs (MP3 64 kb/s, Opus 32 kb/s in WebM, 8 kHz telephone band vs the WAV): verdict identical',
      n: variants.length,
      figure: `${pct(same, variants.length)}; ${perCodec}`,
      goal: '≥ 95%',
      met: meet(same, variants.length, 0.95),
    },
    {
      family: 'codecs: overall within 0.5 of the WAV’s',
      n: variants.length,
      figure: pct(close, variants.length),
      goal: '≥ 95%',
      met: meet(close, variants.length, 0.95),
    },
  ];
}

export function userSection(rows: readonly Row[]): string[] {
  return [
    '## Issue 19 case families (60 corpus-test speakers, held out of every choice; scale 5, precision 0.1)',
    '',
    '| Family and figure | n | Measured | Goal | |',
    '|---|---|---|---|---|',
    ...rows.map((row) => `| ${row.family} | ${row.n} | ${row.figure} | ${row.goal} | ${row.met} |`),
  ];
}
