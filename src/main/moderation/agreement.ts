import {
  SCORE_KEYS,
  type Agreement,
  type AgreementRow,
  type KeyPointAgreementRow,
  type ScoreKey,
  type WordAgreementRow,
} from '../../shared/app-api.js';
import { TASKS } from '../../shared/contract/endpoints.js';
import type { MarkedPair } from '../store/attempt-marks.js';
import type { KeyPointAgreementRow as KeyPointCounts } from '../store/attempt-key-points.js';
import type { WordAgreementCounts } from '../store/attempt-reference-words.js';

interface Pair {
  engine: number;
  examiner: number;
  max: number | null;
}

/**
 * How the engine and the examiners agree, per task and component, on the attempts both
 * marked. Differences are examiner minus engine in points; exact and adjacent agreement
 * compare the marks rounded to whole points (equal, or at most one point apart).
 */
export function agreement(marked: MarkedPair[]): Omit<Agreement, 'keyPoints' | 'words'> {
  const rows: AgreementRow[] = [];
  const pairs: Agreement['pairs'] = [];
  for (const task of TASKS) {
    for (const component of SCORE_KEYS) {
      const found = pairsOf(marked, task, component);
      if (found.length === 0) continue;
      rows.push({ task, component, ...statistics(found) });
      for (const pair of found) {
        const top = pair.max && pair.max > 0 ? pair.max : null;
        if (top === null) continue;
        pairs.push({ task, component, engine: pair.engine / top, examiner: pair.examiner / top });
      }
    }
  }
  return { rows, pairs };
}

/**
 * rl, di: per item and key point, over the attempts the examiner marked point by point, how
 * often they and the engine judged it the same way, and on which side they differed.
 */
export function keyPointAgreement(counts: readonly KeyPointCounts[]): KeyPointAgreementRow[] {
  return counts.map((row) => ({
    task: row.task,
    itemId: row.item_id,
    itemTitle: row.item_title,
    text: row.text,
    n: row.n,
    agreed: row.agreed,
    agreedShare: row.n > 0 ? row.agreed / row.n : 0,
    engineOnly: row.engine_only,
    examinerOnly: row.examiner_only,
  }));
}

/**
 * rs: over the words the examiner marked, how often they and the engine judged a word said
 * the same way: all words, then the engine's unsure ones and the rest (0 where there are
 * none). Empty when no word was marked.
 */
export function wordAgreement(counts: readonly WordAgreementCounts[]): WordAgreementRow[] {
  if (!counts.some((row) => row.words === 'all' && row.n > 0)) return [];
  return (['all', 'unsure', 'sure'] as const).map((words) => {
    const row = counts.find((found) => found.words === words);
    const n = row?.n ?? 0;
    return {
      words,
      attempts: row?.attempts ?? 0,
      n,
      agreed: row?.agreed ?? 0,
      agreedShare: row && n > 0 ? row.agreed / n : null,
      engineOnly: row?.engine_only ?? 0,
      examinerOnly: row?.examiner_only ?? 0,
    };
  });
}

function pairsOf(marked: MarkedPair[], task: string, component: ScoreKey): Pair[] {
  return marked.flatMap((attempt) => {
    const engine = attempt.engine[component];
    const examiner = attempt.examiner[component];
    if (attempt.task !== task || engine === null || examiner === null) return [];
    return [{ engine, examiner, max: attempt.maxima[component] }];
  });
}

export function statistics(pairs: Pair[]): Omit<AgreementRow, 'task' | 'component'> {
  const n = pairs.length;
  const differences = pairs.map((pair) => pair.examiner - pair.engine);
  const rounded = pairs.map((pair) =>
    Math.abs(Math.round(pair.examiner) - Math.round(pair.engine)),
  );
  return {
    n,
    meanDifference: mean(differences),
    meanAbsoluteDifference: mean(differences.map(Math.abs)),
    pearson: pearson(
      pairs.map((pair) => pair.engine),
      pairs.map((pair) => pair.examiner),
    ),
    exact: mean(rounded.map((gap) => (gap === 0 ? 1 : 0))),
    adjacent: mean(rounded.map((gap) => (gap <= 1 ? 1 : 0))),
    max: Math.max(0, ...pairs.map((pair) => pair.max ?? 0)) || null,
  };
}

function mean(values: number[]): number | null {
  return values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : null;
}

/** Pearson's r; null with fewer than two pairs or when either side never varies. */
export function pearson(xs: number[], ys: number[]): number | null {
  const mx = mean(xs);
  const my = mean(ys);
  if (xs.length < 2 || mx === null || my === null) return null;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  xs.forEach((x, index) => {
    const y = ys[index] as number;
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  });
  return sxx === 0 || syy === 0 ? null : sxy / Math.sqrt(sxx * syy);
}
