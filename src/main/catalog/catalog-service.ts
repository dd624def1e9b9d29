import { stat } from 'node:fs/promises';
import type { Candidate, DeletionSummary, ImportReport, Item } from '../../shared/app-api.js';
import { foldText } from '../../shared/fold-text.js';
import { nowIso } from '../store/database.js';
import type { Task } from '../../shared/contract/endpoints.js';
import { UserFacingError } from '../errors/user-facing-error.js';
import type { AttemptsRepo } from '../store/attempts-repo.js';
import type { CandidateFields, CandidatesRepo } from '../store/candidates-repo.js';
import type { ItemFields, ItemsRepo } from '../store/items-repo.js';
import { removeRecording } from '../recordings/recordings.js';
import { MediaProblem, type Kind } from '../media/media-kinds.js';
import type { MediaStore } from '../media/media-store.js';
import { BundleProblem, type BundleFiles } from './item-bundle.js';
import { exportBundle } from './item-export.js';
import { importBundle } from './item-import.js';

/** Candidates and the exam items they answer. */
export class CatalogService {
  constructor(
    private readonly candidates: CandidatesRepo,
    private readonly items: ItemsRepo,
    private readonly attempts: AttemptsRepo,
    private readonly media: MediaStore,
    private readonly showSamples: () => boolean,
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
    return this.items.list(task, this.showSamples(), includeArchived);
  }

  archiveItem(id: number): Item {
    this.item(id);
    return this.items.setArchived(id, nowIso()) as Item;
  }

  restoreItem(id: number): Item {
    this.item(id);
    return this.items.setArchived(id, null) as Item;
  }

  async createItem(fields: ItemFields): Promise<Item> {
    await this.checkMedia(fields);
    return this.items.create(fields);
  }

  async updateItem(id: number, fields: ItemFields): Promise<Item> {
    await this.checkMedia(fields);
    const current = this.items.get(id);
    if (!current) throw new UserFacingError('That item no longer exists.');
    if (current.task !== fields.task && this.items.attemptCount(id) > 0) {
      throw new UserFacingError('This item already has attempts, so its task cannot change.');
    }
    return this.items.update(id, fields) as Item;
  }

  deleteItem(id: number): void {
    if (!this.items.get(id)) throw new UserFacingError('That item no longer exists.');
    if (this.items.sittingCount(id) > 0) {
      throw new UserFacingError(
        "This item is part of a mock test sitting. Delete that candidate's sittings first, or keep the item.",
      );
    }
    const used = this.items.attemptCount(id);
    if (used > 0) {
      throw new UserFacingError(
        `This item has ${used} attempt${used === 1 ? '' : 's'}, so it can only be archived: it leaves the pick lists and keeps its results.`,
      );
    }
    this.items.delete(id);
  }

  /** Copies a prompt file into the data folder; the reference goes into an item's fields. */
  async importMedia(bytes: Uint8Array, kind: Kind, fileName: string): Promise<string> {
    try {
      return await this.media.store(bytes, kind);
    } catch (error) {
      if (error instanceof MediaProblem) {
        throw new UserFacingError(`${fileName} was not added: ${error.message}.`);
      }
      throw error;
    }
  }

  async readMedia(reference: string): Promise<{ mimeType: string; base64: string }> {
    if (!(await this.media.holds(reference))) {
      throw new UserFacingError('The prompt file is missing from the data folder.', reference);
    }
    const file = await this.media.read(reference);
    return { mimeType: file.mimeType, base64: file.bytes.toString('base64') };
  }

  /** Imports a bundle read by `read` (a folder's files, or a zip); see item-import.ts. */
  async importItems(read: () => BundleFiles): Promise<ImportReport> {
    try {
      return await importBundle(read(), this.items, this.media);
    } catch (error) {
      if (error instanceof BundleProblem) throw new UserFacingError(error.message);
      throw error;
    }
  }

  async exportItems(ids?: number[]): Promise<Buffer> {
    const items = ids
      ? ids.map((id) => {
          const item = this.items.get(id);
          if (!item) throw new UserFacingError('One of the chosen items no longer exists.');
          return item;
        })
      : this.items.list(undefined, this.showSamples());
    if (items.length === 0) throw new UserFacingError('There are no items to export.');
    return exportBundle(items, this.media);
  }

  /** An item's prompt files must be ones imported into the data folder, never any other path. */
  private async checkMedia(fields: ItemFields): Promise<void> {
    for (const reference of [fields.promptAudioPath, fields.imagePath]) {
      if (reference !== null && !(await this.media.holds(reference))) {
        throw new UserFacingError('Add the prompt file again: it is not in the data folder.');
      }
    }
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
