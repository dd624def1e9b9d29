import { join } from 'node:path';
import type { HistoryFilter } from '../../shared/app-api.js';
import { UserFacingError } from '../errors/user-facing-error.js';
import type { AttemptSummaryRow } from '../store/attempt-rows.js';
import type { AttemptsRepo } from '../store/attempts-repo.js';
import type { CandidatesRepo } from '../store/candidates-repo.js';
import { historyCsv } from './csv.js';
import { writeExport, type ExportResult } from './export-files.js';
import { attemptReportPdf } from './pdf/attempt-report.js';
import { candidateReportPdf } from './pdf/candidate-report.js';
import { attemptKeyPoints, type KeyPointReport } from './pdf/key-point-table.js';

/** CSV of any filtered history and PDF reports, written into <dataDir>/exports. */
export class ExportService {
  private readonly dir: string;

  constructor(
    dataDir: string,
    private readonly attempts: AttemptsRepo,
    private readonly candidates: CandidatesRepo,
  ) {
    this.dir = join(dataDir, 'exports');
  }

  async csv(filter: HistoryFilter): Promise<ExportResult> {
    const content = historyCsv(this.attempts.iterate(filter));
    return writeExport(this.dir, 'history', 'csv', Buffer.from(content, 'utf8'));
  }

  async attemptPdf(id: number): Promise<ExportResult> {
    const attempt = this.attempts.get(id);
    if (!attempt) throw new UserFacingError('That attempt no longer exists.');
    if (attempt.status !== 'scored') {
      throw new UserFacingError('Only a scored attempt has a report: wait until it is scored.');
    }
    const progress = this.attempts.scoredProgress(attempt.candidate_id, attempt.task);
    const content = await attemptReportPdf(attempt, progress, {
      keyPoints: this.attempts.keyPointsOf(id),
      words: this.attempts.referenceWordsOf(id),
    });
    return writeExport(this.dir, `attempt-${id}-${attempt.candidate_name}`, 'pdf', content);
  }

  async candidatePdf(id: number): Promise<ExportResult> {
    const candidate = this.candidates.get(id);
    if (!candidate) throw new UserFacingError('That candidate no longer exists.');
    const attempts = [...this.attempts.iterate({ candidateId: id })].reverse();
    const content = await candidateReportPdf(candidate, attempts, this.keyPointsOf(attempts));
    return writeExport(this.dir, `candidate-${candidate.name}`, 'pdf', content);
  }

  /** The key points of each scored Retell Lecture and Describe Image among `attempts`. */
  private keyPointsOf(attempts: readonly AttemptSummaryRow[]): Map<number, KeyPointReport> {
    const reports = new Map<number, KeyPointReport>();
    for (const summary of attempts) {
      if (summary.status !== 'scored' || (summary.task !== 'rl' && summary.task !== 'di')) continue;
      const attempt = this.attempts.get(summary.id);
      const report = attempt && attemptKeyPoints(attempt, this.attempts.keyPointsOf(summary.id));
      if (report) reports.set(summary.id, report);
    }
    return reports;
  }
}
