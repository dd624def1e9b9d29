import type { AttemptStatus, HistoryFilter, QueueStatus } from '../../shared/app-api.js';
import type { Task } from '../../shared/contract/endpoints.js';
import type { EngineKeyPoint } from '../../shared/key-points.js';
import type { EngineReferenceWord } from '../../shared/reference-words.js';
import * as history from './attempt-history.js';
import * as keyPoints from './attempt-key-points.js';
import type { KeyPointAgreementRow, KeyPointRow } from './attempt-key-points.js';
import * as referenceWords from './attempt-reference-words.js';
import type { ReferenceWordRow, WordAgreementCounts } from './attempt-reference-words.js';
import type { ProgressPoint } from './attempt-history.js';
import * as lifecycle from './attempt-lifecycle.js';
import type { FailureFields } from './attempt-lifecycle.js';
import * as marks from './attempt-marks.js';
import type { MarkedPair, MarkFields } from './attempt-marks.js';
import * as records from './attempt-records.js';
import type { NewAttempt } from './attempt-records.js';
import type { AttemptRow, AttemptSummaryRow } from './attempt-rows.js';
import type { ScoreColumns } from './attempt-scores.js';
import type { Db } from './database.js';
import { registerTextFunctions } from './text-functions.js';

/**
 * The attempts table, as the services see it. Each concern has its own module: the records
 * themselves, their way through scoring, the examiners' marks, and history.
 */
export class AttemptsRepo {
  constructor(private readonly db: Db) {
    registerTextFunctions(db);
  }

  insert(attempt: NewAttempt): number {
    return records.insert(this.db, attempt);
  }

  get(id: number): AttemptRow | null {
    return records.get(this.db, id);
  }

  delete(id: number): AttemptRow | null {
    return records.remove(this.db, id);
  }

  recordingsWithoutDuration(): { id: number; audio_path: string; audio_mime: string }[] {
    return records.recordingsWithoutDuration(this.db);
  }

  setRecordingDuration(id: number, sha256: string, durationMs: number): void {
    records.setRecordingDuration(this.db, id, sha256, durationMs);
  }

  audioPathsOfCandidate(candidateId: number): string[] {
    return records.audioPathsOfCandidate(this.db, candidateId);
  }

  idsOfCandidate(candidateId: number): number[] {
    return records.idsOfCandidate(this.db, candidateId);
  }

  transition(id: number, from: readonly AttemptStatus[], to: AttemptStatus): boolean {
    return lifecycle.transition(this.db, id, from, to);
  }

  claimNext(now: string): AttemptRow | null {
    return lifecycle.claimNext(this.db, now);
  }

  recordRequest(id: number, requestJson: string): void {
    lifecycle.recordRequest(this.db, id, requestJson);
  }

  markScored(
    id: number,
    responseJson: string,
    scores: ScoreColumns,
    maxima: ScoreColumns,
    resultStatus = 0,
    keyPoints: readonly EngineKeyPoint[] = [],
    unsureWords = 0,
  ): boolean {
    return lifecycle.markScored(
      this.db,
      id,
      responseJson,
      scores,
      maxima,
      resultStatus,
      keyPoints,
      unsureWords,
    );
  }

  markFailed(id: number, failure: FailureFields): boolean {
    return lifecycle.markFailed(this.db, id, failure);
  }

  requeueInterrupted(): number[] {
    return lifecycle.requeueInterrupted(this.db);
  }

  requeueKeyRefused(): number[] {
    return lifecycle.requeueKeyRefused(this.db);
  }

  makeRetriesDue(): void {
    lifecycle.makeRetriesDue(this.db);
  }

  earliestRetryAt(): string | null {
    return lifecycle.earliestRetryAt(this.db);
  }

  queueStatus(): Omit<QueueStatus, 'serverAnswering'> {
    return lifecycle.queueStatus(this.db);
  }

  saveMark(id: number, mark: MarkFields): void {
    marks.saveMark(this.db, id, mark);
  }

  clearMark(id: number): void {
    marks.clearMark(this.db, id);
  }

  markedPairs(task?: Task): MarkedPair[] {
    return marks.markedPairs(this.db, task);
  }

  saveKeyPointMarks(
    id: number,
    engine: readonly EngineKeyPoint[],
    examinerHeard: readonly boolean[],
    mark: MarkFields,
  ): void {
    keyPoints.saveKeyPointMarks(this.db, id, engine, examinerHeard, mark);
  }

  keyPointsOf(id: number): KeyPointRow[] {
    return keyPoints.keyPointsOf(this.db, id);
  }

  keyPointAgreement(task?: Task): KeyPointAgreementRow[] {
    return keyPoints.keyPointAgreement(this.db, task);
  }

  saveWordMarks(
    id: number,
    engine: readonly EngineReferenceWord[],
    examinerSaid: readonly boolean[],
    mark: MarkFields,
  ): void {
    referenceWords.saveWordMarks(this.db, id, engine, examinerSaid, mark);
  }

  referenceWordsOf(id: number): ReferenceWordRow[] {
    return referenceWords.referenceWordsOf(this.db, id);
  }

  wordAgreement(task?: Task): WordAgreementCounts[] {
    return referenceWords.wordAgreement(this.db, task);
  }

  page(
    filter: HistoryFilter,
    limit: number,
    beforeId?: number,
  ): { rows: AttemptSummaryRow[]; total: number } {
    return history.page(this.db, filter, limit, beforeId);
  }

  iterate(filter: HistoryFilter): IterableIterator<AttemptSummaryRow> {
    return history.iterate(this.db, filter);
  }

  scoredProgress(candidateId: number, task: Task): ProgressPoint[] {
    return history.scoredProgress(this.db, candidateId, task);
  }
}
