import { CLIPPED_RATIO_LIMIT, clippedRuns, samplesInRuns } from '../../../shared/clipped-samples';

/**
 * Whether the microphone clips, from the samples the meter reads: by the engine's own rule, so
 * that the warning while recording foretells the clipped caution on the score. Counted over
 * everything read since the watch began (one answer), not frame by frame: one loud syllable
 * clipping a few samples distorts nothing an examiner or the scorer would hear.
 */
export class ClippingWatch {
  private clipped = 0;
  private read = 0;

  hear(samples: Float32Array): void {
    this.clipped += samplesInRuns(clippedRuns(samples));
    this.read += samples.length;
  }

  isClipping(): boolean {
    return this.read > 0 && this.clipped / this.read >= CLIPPED_RATIO_LIMIT;
  }
}
