import type { Attempt } from '../../../../shared/app-api';
import { api } from '../../bridge';
import { Notice } from '../../components/Notice';
import { useAction } from '../../hooks/use-action';
import { blobToBase64 } from '../../lib/base64';
import { formatDuration } from '../../lib/format';
import { ClippingNotice, LevelMeter } from './LevelMeter';
import type { Recording } from '../../recording/microphone';
import { useRecorder } from '../../recording/use-recorder';

interface SpeakingRecorderProps {
  candidateId: number;
  itemId: number;
  onSubmitted: (attempt: Attempt) => void;
}

export function SpeakingRecorder({ candidateId, itemId, onSubmitted }: SpeakingRecorderProps) {
  const recorder = useRecorder();
  const submit = useAction(async (recording: Recording) => {
    const audioBase64 = await blobToBase64(recording.blob);
    const { mimeType, durationMs: recordedMs } = recording;
    onSubmitted(
      await api.call('attempts.submitSpeaking', {
        candidateId,
        itemId,
        audioBase64,
        mimeType,
        recordedMs,
      }),
    );
    recorder.discard();
  });
  return (
    <div className="recorder card" role="group" aria-label="Recorder">
      <div className="recorder-controls">
        {recorder.state !== 'recording' ? (
          <button
            type="button"
            className="button-record"
            disabled={recorder.state === 'checking'}
            onClick={() => void recorder.start()}
          >
            {recorder.recording ? 'Record again' : 'Start recording'}
          </button>
        ) : (
          <button type="button" className="button-stop" onClick={() => void recorder.stop()}>
            Stop recording
          </button>
        )}
        <span className="timer" aria-label="Recording time">
          {formatDuration(recorder.elapsedMs)}
        </span>
        <span className="muted" aria-label="Recording limit">
          of {formatDuration(recorder.limitMs)} at most
        </span>
        <LevelMeter level={recorder.level} clipping={recorder.clipping} />
      </div>
      <ClippingNotice clipping={recorder.clipping} />
      {recorder.state === 'checking' && <p className="muted">Checking the recording…</p>}
      {recorder.stoppedAtLimit && (
        <Notice
          kind="info"
          message={`Recording stopped at ${formatDuration(recorder.limitMs)}, the longest answer the scoring service takes.`}
        />
      )}
      <Notice message={recorder.error ?? submit.error} />
      {recorder.recording && (
        <RecordingReview
          recording={recorder.recording}
          busy={submit.busy}
          onSubmit={() => void submit.run(recorder.recording!)}
          onDiscard={recorder.discard}
        />
      )}
    </div>
  );
}

interface RecordingReviewProps {
  recording: Recording;
  busy: boolean;
  onSubmit: () => void;
  onDiscard: () => void;
}

function RecordingReview({ recording, busy, onSubmit, onDiscard }: RecordingReviewProps) {
  return (
    <div className="review">
      <audio controls src={recording.url} aria-label="Recorded answer" />
      <div className="form-actions">
        <button type="button" className="button-quiet" onClick={onDiscard} disabled={busy}>
          Discard
        </button>
        <button type="button" className="button-primary" onClick={onSubmit} disabled={busy}>
          {busy ? 'Submitting…' : 'Submit for scoring'}
        </button>
      </div>
    </div>
  );
}
