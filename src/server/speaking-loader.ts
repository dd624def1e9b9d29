import type { FastifyBaseLogger } from 'fastify';
import type { AudioPolicy, SpeakingScorer } from '../engine/speaking/scorer.js';

interface SpeakingEngineModule {
  createSpeakingScorer(policy: AudioPolicy): Promise<SpeakingScorer>;
}

/**
 * The speech engine is optional: a build without it still serves dictation and answers the
 * speaking endpoints with NOT_AVAILABLE instead of failing to start.
 */
export async function loadSpeakingScorer(
  policy: AudioPolicy,
  log: FastifyBaseLogger,
): Promise<SpeakingScorer | undefined> {
  let engine: SpeakingEngineModule;
  try {
    engine = await import('../engine/speaking/index.js');
  } catch (error) {
    log.warn(
      { err: error },
      'speech scoring engine not found; speaking endpoints answer NOT_AVAILABLE',
    );
    return undefined;
  }
  return engine.createSpeakingScorer(policy);
}
