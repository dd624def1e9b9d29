import type { Sitting } from '../../../../shared/app-api';
import { api } from '../../bridge';
import { Notice } from '../../components/Notice';
import { useAction } from '../../hooks/use-action';
import { useApiQuery } from '../../hooks/use-api-query';
import { blobToBase64 } from '../../lib/base64';
import type { Answer } from '../score/exam-run';
import { ExamItemRunner } from '../score/ExamItemRunner';
import { ReferenceText } from '../score/ReferenceText';

interface SittingRunProps {
  sitting: Sitting;
  onChange: (sitting: Sitting) => void;
  onPause: () => void;
}

/** The sitting's open steps, one after another; each answer is stored as it ends. */
export function SittingRun({ sitting, onChange, onPause }: SittingRunProps) {
  const settings = useApiQuery('settings.get', {});
  const step = sitting.steps.find((candidate) => !candidate.attempt && !candidate.skipped);
  const skip = useAction(async () => {
    onChange(await api.call('sittings.skip', { id: sitting.id, position: step!.position }));
  });
  const finish = useAction(async () =>
    onChange(await api.call('sittings.finish', { id: sitting.id })),
  );
  if (!step) {
    return (
      <section className="card" aria-label="Mock test">
        <p>Every item is answered.</p>
        <button type="button" className="button-primary" onClick={() => void finish.run()}>
          Show the summary
        </button>
      </section>
    );
  }
  const submit = async (answer: Answer) => {
    const position = step.position;
    if (answer.kind === 'typed') {
      onChange(
        await api.call('sittings.answerDictation', {
          id: sitting.id,
          position,
          typedAnswer: answer.text,
        }),
      );
      return;
    }
    const audioBase64 = await blobToBase64(answer.recording.blob);
    onChange(
      await api.call('sittings.answerSpeaking', {
        id: sitting.id,
        position,
        audioBase64,
        mimeType: answer.recording.mimeType,
        recordedMs: answer.recording.durationMs,
      }),
    );
  };
  return (
    <div className="sitting-run">
      <header className="sitting-header">
        <h2>Mock test · {sitting.candidateName}</h2>
        <div className="form-actions">
          <button type="button" className="button-quiet" onClick={() => void skip.run()}>
            Skip this item
          </button>
          <button type="button" className="button-quiet" onClick={onPause}>
            Pause the sitting
          </button>
        </div>
      </header>
      <Notice message={settings.error ?? skip.error ?? finish.error} />
      {settings.data && (
        <ExamItemRunner
          key={`${sitting.id}-${step.position}`}
          item={step.item}
          timing={settings.data.examTiming}
          microphoneId={settings.data.microphoneId}
          submit={submit}
          autoStart
          progress={`Item ${step.position + 1} of ${sitting.steps.length}`}
        />
      )}
      <ReferenceText key={step.position} item={step.item} />
    </div>
  );
}
