import { stat } from 'node:fs/promises';
import type { Candidate, DeletionSummary, Item } from '../../shared/app-api.js';
import { foldText } from '../../shared/fold-text.js';
import { nowIso } from '../store/database.js';
import type { Task } from '../../shared/contract/endpoints.js';
import { UserFacingError } from '../core/api-dispatch.js';
import type { AttemptsRepo } from '../store/attempts-repo.js';
import type { CandidateFields, CandidatesRepo } from '../store/candidates-repo.js';
import type { ItemFields, ItemsRepo } from '../store/items-repo.js';
import { removeRecording } from '../queue/recordings.js';

/** Candidates and the exam items they answer. */
export class CatalogService {
  constructor(
    private readonly candidates: CandidatesRepo,
    private readonly items: ItemsRepo,
    private readonly attempts: AttemptsRepo,
  ) {}

  listCandidates(search: string, includeArchived = false): Candidate[] {
    return this.candidates.list(search, includeArchived);
  }

  /** Hides a candidate from the pick lists; every attempt and recording stays. */
  archiveCandidate(id: number): Candidate {
    this.candidate(id);
    return this.candidates.setArchived(id, nowIso()) as Candidate;
  }

  restoreCandidate(id: number): Candidate {
    this.candidate(id);
    return this.candidates.setArchived(id, null) as Candidate;
  }

  /** What deleting a candidate would remove: named to the examiner before they confirm. */
  async deletionSummary(id: number): Promise<DeletionSummary> {
    const candidate = this.candidate(id);
    const recordings = this.attempts.audioPathsOfCandidate(id);
    const sizes = await Promise.all(
      recordings.map((path) =>
        stat(path).then(
          (info) => info.size,
          () => 0,
        ),
      ),
    );
    return {
      name: candidate.name,
      attempts: this.attempts.idsOfCandidate(id).length,
      recordings: recordings.length,
      bytes: sizes.reduce((sum, size) => sum + size, 0),
    };
  }

  createCandidate(fields: CandidateFields): Candidate {
    return this.candidates.create(fields);
  }

  updateCandidate(id: number, fields: CandidateFields): Candidate {
    const updated = this.candidates.update(id, fields);
    if (!updated) throw new UserFacingError('That candidate no longer exists.');
    return updated;
  }

  /**
   * Removes the candidate with all their attempts and recordings, for good: only when the
   * examiner has typed the candidate's name to confirm.
   */
  async deleteCandidate(id: number, confirm: string): Promise<number[]> {
    const candidate = this.candidate(id);
    if (foldText(confirm) !== foldText(candidate.name)) {
      throw new UserFacingError(
        `Type the candidate's name, ${candidate.name}, to delete their data for good.`,
      );
    }
    const recordings = this.attempts.audioPathsOfCandidate(id);
    const attemptIds = this.attempts.idsOfCandidate(id);
    this.candidates.delete(id);
    await Promise.all(recordings.map((path) => removeRecording(path)));
    return attemptIds;
  }

  listItems(task?: Task, includeArchived = false): Item[] {
    return this.items.list(task, includeArchived);
  }

  archiveItem(id: number): Item {
    this.item(id);
    return this.items.setArchived(id, nowIso()) as Item;
  }

  restoreItem(id: number): Item {
    this.item(id);
    return this.items.setArchived(id, null) as Item;
  }

  createItem(fields: ItemFields): Item {
    return this.items.create(fields);
  }

  updateItem(id: number, fields: ItemFields): Item {
    const current = this.items.get(id);
    if (!current) throw new UserFacingError('That item no longer exists.');
    if (current.task !== fields.task && this.items.attemptCount(id) > 0) {
      throw new UserFacingError('This item already has attempts, so its task cannot change.');
    }
    return this.items.update(id, fields) as Item;
  }

  deleteItem(id: number): void {
    if (!this.items.get(id)) throw new UserFacingError('That item no longer exists.');
    const used = this.items.attemptCount(id);
    if (used > 0) {
      throw new UserFacingError(
        `This item has ${used} attempt${used === 1 ? '' : 's'}, so it can only be archived: it leaves the pick lists and keeps its results.`,
      );
    }
    this.items.delete(id);
  }

  private candidate(id: number): Candidate {
    const candidate = this.candidates.get(id);
    if (!candidate) throw new UserFacingError('That candidate no longer exists.');
    return candidate;
  }

  private item(id: number): Item {
    const item = this.items.get(id);
    if (!item) throw new UserFacingError('That item no longer exists.');
    return item;
  }
}
