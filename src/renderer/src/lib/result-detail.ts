import type { AttemptDetail } from '../../../shared/app-api';
import { parseEnvelopeText, type Component, type Word } from '../../../shared/contract';

export interface ResultDetail {
  components: Component[];
  words: Word[];
  transcription: string | null;
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
    };
  } catch {
    return null;
  }
}
