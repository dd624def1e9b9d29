import { join } from 'node:path';
import type { Agreement } from '../../shared/app-api.js';
import { TASK_TITLES, type Task } from '../../shared/contract/endpoints.js';
import { safeCsv } from '../export/csv.js';
import { writeExport, type ExportResult } from '../export/export-files.js';
import type { AttemptsRepo } from '../store/attempts-repo.js';
import { agreement } from './agreement.js';

const COLUMNS = [
  'task',
  'component',
  'maximum',
  'attempts',
  'mean_difference',
  'mean_absolute_difference',
  'pearson_r',
  'exact_agreement',
  'adjacent_agreement',
];

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
    const keyPoints = this.attempts.keyPointAgreement(task).map((row) => ({
      task: row.task,
      itemId: row.item_id,
      itemTitle: row.item_title,
      text: row.text,
      n: row.n,
      agreed: row.agreed,
      engineOnly: row.engine_only,
      examinerOnly: row.examiner_only,
    }));
    return { ...agreement(this.attempts.markedPairs(task)), keyPoints };
  }

  async csv(task?: Task): Promise<ExportResult> {
    const records = this.agreement(task).rows.map((row) => [
      TASK_TITLES[row.task],
      row.component,
      row.max,
      row.n,
      row.meanDifference,
      row.meanAbsoluteDifference,
      row.pearson,
      row.exact,
      row.adjacent,
    ]);
    return writeExport(
      this.dir,
      'agreement',
      'csv',
      Buffer.from(safeCsv(COLUMNS, records), 'utf8'),
    );
  }
}
