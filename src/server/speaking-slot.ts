import type { FastifyBaseLogger } from 'fastify';
import type { SpeakingScorer } from '../engine/tasks/index.js';

export type SpeakingScorerSource = SpeakingScorer | Promise<SpeakingScorer | undefined> | undefined;

/** The speaking engine as the routes see it: still loading, present, or absent. */
export class SpeakingSlot {
  private loading: boolean;
  private scorer: SpeakingScorer | undefined;
  private readonly settled: Promise<void>;

  constructor(source: SpeakingScorerSource, log: FastifyBaseLogger) {
    this.loading = source instanceof Promise;
    this.settled = Promise.resolve(source)
      .then((scorer) => {
        this.scorer = scorer;
      })
      .catch((error: unknown) => log.error({ err: error }, 'speech scoring engine failed to load'))
      .finally(() => {
        this.loading = false;
      });
  }

  get isLoading(): boolean {
    return this.loading;
  }

  get current(): SpeakingScorer | undefined {
    return this.scorer;
  }

  /** Waits for a load in progress, so an engine that arrives late is still closed. */
  async close(): Promise<void> {
    await this.settled;
    await this.scorer?.close();
  }
}
