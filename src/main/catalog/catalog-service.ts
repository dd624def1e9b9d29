import type { Candidate, Item } from '../../shared/app-api.js';
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

  listCandidates(search: string): Candidate[] {
    return this.candidates.list(search);
  }

  createCandidate(fields: CandidateFields): Candidate {
    return this.candidates.create(fields);
  }

  updateCandidate(id: number, fields: CandidateFields): Candidate {
    const updated = this.candidates.update(id, fields);
    if (!updated) throw new UserFacingError('That candidate no longer exists.');
    return updated;
  }

  /** Removes the candidate with all their attempts and recordings. */
  async deleteCandidate(id: number): Promise<number[]> {
    if (!this.candidates.get(id)) throw new UserFacingError('That candidate no longer exists.');
    const recordings = this.attempts.audioPathsOfCandidate(id);
    const attemptIds = this.attempts.idsOfCandidate(id);
    this.candidates.delete(id);
    await Promise.all(recordings.map((path) => removeRecording(path)));
    return attemptIds;
  }

  listItems(task?: Task): Item[] {
    return this.items.list(task);
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
        `This item has ${used} attempt${used === 1 ? '' : 's'}. Delete those attempts first, so no result loses its item.`,
      );
    }
    this.items.delete(id);
  }
}
