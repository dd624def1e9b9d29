import type { TaskProgress } from '../../shared/app-api.js';
import { TASKS } from '../../shared/contract/endpoints.js';
import type { AttemptsRepo } from '../store/attempts-repo.js';

/** A candidate's scored attempts per task, oldest first: the candidate page's trends. */
export class ProgressService {
  constructor(private readonly attempts: AttemptsRepo) {}

  ofCandidate(candidateId: number): TaskProgress[] {
    return TASKS.map((task) => ({
      task,
      points: this.attempts.scoredProgress(candidateId, task).map((point) => ({
        attemptId: point.id,
        createdAt: point.createdAt,
        overall: point.overall,
        max: point.max,
      })),
    }));
  }
}
