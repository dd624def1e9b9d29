import { useCallback, useRef, useState } from 'react';
import type { AttemptDetail } from '../../../../shared/app-api';
import type { Word } from '../../../../shared/contract';
import { readResultDetail } from '../../lib/result-detail';
import { WaveformPlayer, type PlayerHandle } from '../player/WaveformPlayer';
import { KeyPoints } from '../KeyPoints';
import { ScoreCards } from '../ScoreCards';
import { WordTranscript } from '../WordTranscript';
import { DictationResult } from './DictationResult';
import { RepeatSentenceWords } from './RepeatSentenceWords';

/**
 * Component scores with their maxima, the recording on a waveform with the words on it, and
 * the coloured word-by-word transcript: clicking a word plays just that word.
 */
export function AttemptResult({ attempt }: { attempt: AttemptDetail }) {
  const result = readResultDetail(attempt);
  const player = useRef<PlayerHandle>(null);
  const [positionMs, setPositionMs] = useState<number | null>(null);
  const follow = useCallback((position: number | null) => setPositionMs(position), []);
  const playWord = (word: Word) => player.current?.playSpan(word.start, word.end);
  return (
    <div className="attempt-result">
      <ScoreCards
        scores={attempt.scores}
        maxScores={attempt.maxScores}
        details={result?.components}
        listsKeyPoints={Boolean(result?.keyPoints?.length)}
      />
      {result?.keyPoints && result.keyPoints.length > 0 && (
        <KeyPoints
          attemptId={attempt.id}
          points={result.keyPoints}
          stored={attempt.storedKeyPoints}
          markable={attempt.status === 'scored'}
          content={{
            engine: attempt.scores.content,
            examiner: attempt.mark?.scores.content ?? null,
            max: attempt.maxScores.content,
          }}
          onPlay={
            attempt.audioPath ? (start, end) => player.current?.playSpan(start, end) : undefined
          }
        />
      )}
      {result && attempt.task === 'wfd' && <DictationResult result={result} />}
      {result && attempt.task !== 'wfd' && (
        <>
          {attempt.audioPath && (
            <WaveformPlayer
              attemptId={attempt.id}
              words={result.words}
              task={attempt.task}
              onPosition={follow}
              handle={player}
            />
          )}
          {attempt.task === 'rs' ? (
            <RepeatSentenceWords
              attempt={attempt}
              words={result.words}
              positionMs={positionMs}
              onPlayWord={playWord}
            />
          ) : (
            <>
              <h3>Word by word</h3>
              <WordTranscript
                words={result.words}
                task={attempt.task}
                positionMs={positionMs}
                onPlayWord={playWord}
              />
            </>
          )}
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
