import type { AttemptDetail } from '../../../shared/app-api';
import { parseEnvelopeText, type Component, type Word } from '../../../shared/contract';
import { engineKeyPoints, requestKeywords, type EngineKeyPoint } from '../../../shared/key-points';

export interface ResultDetail {
  components: Component[];
  words: Word[];
  transcription: string | null;
  /** rl, di: the key points in the request's order; null when the result names none. */
  keyPoints: EngineKeyPoint[] | null;
}

/** The per-word detail lives only in the raw response the attempt keeps. */
export function readResultDetail(attempt: AttemptDetail): ResultDetail | null {
  if (!attempt.responseJson) return null;
  try {
    const { data } = parseEnvelopeText(attempt.responseJson);
    return {
      components: data.components,
      words: data.words,
      transcription: data.transcription ?? null,
      keyPoints:
        attempt.task === 'rl' || attempt.task === 'di'
          ? engineKeyPoints(data, requestKeywords(attempt.requestJson))
          : null,
    };
  } catch {
    return null;
  }
}
