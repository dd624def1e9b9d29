import { join } from 'node:path';
import type { Agreement } from '../../shared/app-api.js';
import { TASK_TITLES, type Task } from '../../shared/contract/endpoints.js';
import { safeCsv, type Cell } from '../export/csv.js';
import { writeExport, type ExportResult } from '../export/export-files.js';
import type { AttemptsRepo } from '../store/attempts-repo.js';
import { agreement, keyPointAgreement, wordAgreement } from './agreement.js';

/**
 * One row per task and component, then (rl, di) one per item and key point: `component`
 * `key_point`, its item and text, the attempts whose key points the examiner marked, the share
 * judged the same way as `exact_agreement`, and the counts agreed and heard by one side only;
 * then (rs) `component` `word_said` for the words the examiner marked, `word_group` `all`,
 * `unsure` (the engine marked them unsure) and `sure` (the rest): the attempts, the words
 * marked, the share and count agreed, and the words said by one side only.
 */
export const AGREEMENT_COLUMNS = [
  'task',
  'component',
  'item',
  'key_point',
  'maximum',
  'attempts',
  'mean_difference',
  'mean_absolute_difference',
  'pearson_r',
  'exact_agreement',
  'adjacent_agreement',
  'agreed',
  'engine_only_heard',
  'examiner_only_heard',
  'word_group',
  'words_marked',
  'engine_only_said',
  'examiner_only_said',
] as const;

/** A CSV record in AGREEMENT_COLUMNS' order, empty where a row kind has no value. */
function record(cells: Partial<Record<(typeof AGREEMENT_COLUMNS)[number], Cell>>): Cell[] {
  return AGREEMENT_COLUMNS.map((column) => cells[column] ?? null);
}

/** Engine and examiner agreement: the moderation view and its CSV. */
export class ModerationService {
  private readonly dir: string;

  constructor(
    dataDir: string,
    private readonly attempts: AttemptsRepo,
  ) {
    this.dir = join(dataDir, 'exports');
  }

  agreement(task?: Task): Agreement {
    return {
      ...agreement(this.attempts.markedPairs(task)),
      keyPoints: keyPointAgreement(this.attempts.keyPointAgreement(task)),
      words: wordAgreement(this.attempts.wordAgreement(task)),
    };
  }

  async csv(task?: Task): Promise<ExportResult> {
    const { rows, keyPoints, words } = this.agreement(task);
    const components = rows.map((row) =>
      record({
        task: TASK_TITLES[row.task],
        component: row.component,
        maximum: row.max,
        attempts: row.n,
        mean_difference: row.meanDifference,
        mean_absolute_difference: row.meanAbsoluteDifference,
        pearson_r: row.pearson,
        exact_agreement: row.exact,
        adjacent_agreement: row.adjacent,
      }),
    );
    const points = keyPoints.map((row) =>
      record({
        task: TASK_TITLES[row.task],
        component: 'key_point',
        item: row.itemTitle,
        key_point: row.text,
        attempts: row.n,
        exact_agreement: row.agreedShare,
        agreed: row.agreed,
        engine_only_heard: row.engineOnly,
        examiner_only_heard: row.examinerOnly,
      }),
    );
    const said = words.map((row) =>
      record({
        task: TASK_TITLES.rs,
        component: 'word_said',
        word_group: row.words,
        attempts: row.attempts,
        words_marked: row.n,
        exact_agreement: row.agreedShare,
        agreed: row.agreed,
        engine_only_said: row.engineOnly,
        examiner_only_said: row.examinerOnly,
      }),
    );
    return writeExport(
      this.dir,
      'agreement',
      'csv',
      Buffer.from(safeCsv(AGREEMENT_COLUMNS, [...components, ...points, ...said]), 'utf8'),
    );
  }
}
