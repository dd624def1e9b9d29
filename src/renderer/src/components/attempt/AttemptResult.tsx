import type { AttemptDetail } from '../../../../shared/app-api';
import { readResultDetail } from '../../lib/result-detail';
import { ScoreCards } from '../ScoreCards';
import { WordTranscript } from '../WordTranscript';
import { DictationResult } from './DictationResult';

interface AttemptResultProps {
  attempt: AttemptDetail;
  positionMs?: number | null;
}

/** Component scores and the coloured word-by-word transcript of a scored attempt. */
export function AttemptResult({ attempt, positionMs = null }: AttemptResultProps) {
  const result = readResultDetail(attempt);
  return (
    <div className="attempt-result">
      <ScoreCards scores={attempt.scores} details={result?.components} />
      {result && attempt.task === 'wfd' && <DictationResult result={result} />}
      {result && attempt.task !== 'wfd' && (
        <>
          <h3>Word by word</h3>
          <WordTranscript words={result.words} positionMs={positionMs} />
          {result.transcription && (
            <p className="transcription">
              <span className="muted">Heard: </span>
              {result.transcription}
            </p>
          )}
        </>
      )}
    </div>
  );
}
