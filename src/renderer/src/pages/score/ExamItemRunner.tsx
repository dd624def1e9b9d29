import { useEffect, useRef, useState } from 'react';
import type { ExamTiming, Item } from '../../../../shared/app-api';
import { Notice } from '../../components/Notice';
import { taskTitle } from '../../lib/format';
import { ExamRun, type Answer, type RunView } from './exam-run';
import { ClippingNotice, LevelMeter } from './LevelMeter';
import { usePromptMedia } from './use-prompt-media';

interface ExamItemRunnerProps {
  item: Item;
  timing: ExamTiming;
  microphoneId: string;
  /** Stores the answer; the item is done once this resolves. */
  submit: (answer: Answer) => Promise<void>;
  /** Starts without a click (the next item of a sitting). */
  autoStart?: boolean;
  /** Shown as "Item 2 of 5" in a sitting. */
  progress?: string;
}

const INITIAL: RunView = {
  phase: 'opening',
  secondsLeft: 0,
  level: 0,
  clipping: false,
  error: null,
  stopReason: null,
  promptBlocked: false,
  recordedMs: null,
};

/** The candidate's view of one exam item: no reference text, the prompt heard or seen. */
export function ExamItemRunner(props: ExamItemRunnerProps) {
  const { item } = props;
  const audio = usePromptMedia(item.promptAudioPath);
  const image = usePromptMedia(item.imagePath);
  const [started, setStarted] = useState(Boolean(props.autoStart));
  const [attempt, setAttempt] = useState(0);
  const mediaReady = !audio.loading && !image.loading;
  const mediaError = audio.error ?? image.error;
  return (
    <section className="card exam-item" aria-label="Candidate's view">
      <header className="exam-item-header">
        <span className={`badge task-${item.task}`}>{taskTitle(item.task)}</span>
        {props.progress && <span className="muted">{props.progress}</span>}
      </header>
      {image.url && <img className="prompt-image" src={image.url} alt="The picture to describe" />}
      <Notice message={mediaError} />
      <Notice message={missingPrompt(item)} kind="info" />
      {!started && (
        <div className="form-actions exam-start">
          <p className="muted">{INTRO[item.task]}</p>
          <button
            type="button"
            className="button-primary"
            disabled={!mediaReady || Boolean(mediaError)}
            onClick={() => setStarted(true)}
          >
            Start the item
          </button>
        </div>
      )}
      {started && mediaReady && !mediaError && (
        <RunPanel
          key={attempt}
          {...props}
          audioUrl={audio.url}
          onRestart={() => setAttempt((value) => value + 1)}
        />
      )}
    </section>
  );
}

const INTRO: Record<Item['task'], string> = {
  rs: 'The candidate hears a sentence once and repeats it exactly after the beep.',
  rl: 'The candidate hears a lecture once, prepares, then retells it after the beep.',
  di: 'The candidate studies the picture, then describes it after the beep.',
  wfd: 'The candidate hears a sentence once, then types it.',
};

function RunPanel({
  item,
  timing,
  microphoneId,
  submit,
  audioUrl,
  onRestart,
  progress,
}: ExamItemRunnerProps & { audioUrl: string | null; onRestart: () => void }) {
  const inSitting = Boolean(progress);
  const [view, setView] = useState<RunView>(INITIAL);
  const [typed, setTyped] = useState('');
  const promptRef = useRef<HTMLAudioElement | null>(null);
  const runRef = useRef<ExamRun | null>(null);
  const submitRef = useRef(submit);
  useEffect(() => {
    submitRef.current = submit;
  }, [submit]);

  useEffect(() => {
    const run = new ExamRun(item, timing, microphoneId, {
      view: (patch) => setView((current) => ({ ...current, ...patch })),
      promptAudio: () => promptRef.current,
      submit: (answer) => submitRef.current(answer),
    });
    runRef.current = run;
    void run.run();
    return () => run.cancel();
    // One run per mount: a new item or a restart mounts a new panel.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const { phase } = view;
  return (
    <div className="exam-run" data-phase={phase}>
      {audioUrl && (
        // Played once, as in the exam: no controls, so it cannot be replayed or paused.
        <audio
          ref={promptRef}
          src={audioUrl}
          preload="auto"
          aria-label="Prompt audio"
          data-testid="prompt-audio"
        />
      )}
      <p className="exam-status" role="status" aria-live="polite">
        {statusText(view, item)}
      </p>
      {view.promptBlocked && (
        <button
          type="button"
          className="button-primary"
          onClick={() => void promptRef.current?.play()}
        >
          Play the prompt
        </button>
      )}
      {(phase === 'checking' || phase === 'lead-in' || phase === 'prep' || phase === 'recording') &&
        item.task !== 'wfd' && <LevelMeter level={view.level} clipping={view.clipping} />}
      <ClippingNotice clipping={view.clipping} />
      {phase === 'recording' && (
        <div className="form-actions">
          <button type="button" className="button-stop" onClick={() => runRef.current?.finish()}>
            Finish answer
          </button>
        </div>
      )}
      {item.task === 'wfd' && (phase === 'typing' || phase === 'saving' || phase === 'done') && (
        <div className="form">
          <label>
            Type the sentence you heard
            <textarea
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
                runRef.current?.setTyped(event.target.value);
              }}
              disabled={phase !== 'typing'}
              rows={3}
              maxLength={2000}
              spellCheck={false}
              autoFocus
            />
          </label>
          {phase === 'typing' && (
            <div className="form-actions">
              <button
                type="button"
                className="button-primary"
                onClick={() => runRef.current?.finish()}
              >
                Submit answer
              </button>
            </div>
          )}
        </div>
      )}
      <Notice message={view.error} />
      {phase === 'save-failed' && (
        <div className="form-actions">
          <button
            type="button"
            className="button-primary"
            onClick={() => runRef.current?.retrySave()}
          >
            Save the answer again
          </button>
        </div>
      )}
      {(phase === 'failed' || (phase === 'done' && !inSitting)) && (
        <div className="form-actions">
          <button type="button" className="button-secondary" onClick={onRestart}>
            {phase === 'done' ? 'Run the item again' : 'Start the item again'}
          </button>
        </div>
      )}
    </div>
  );
}

const STOPPED: Record<string, string> = {
  silence: `Recording stopped after silence.`,
  time: 'Time is up.',
  finished: 'Answer finished.',
  lost: 'The microphone was disconnected; the answer so far is kept.',
};

function statusText(view: RunView, item: Item): string {
  switch (view.phase) {
    case 'opening':
      return 'Opening the microphone…';
    case 'checking':
      return 'Checking the microphone: say something…';
    case 'lead-in':
      return `Beginning in ${view.secondsLeft} s`;
    case 'prompt':
      return item.task === 'rl' ? 'Listen to the lecture…' : 'Listen…';
    case 'prep':
      return `Prepare: recording begins in ${view.secondsLeft} s`;
    case 'recording':
      return `Recording… ${view.secondsLeft} s left`;
    case 'typing':
      return `Type your answer: ${view.secondsLeft} s left`;
    case 'checking-answer':
      return `${view.stopReason ? `${STOPPED[view.stopReason]} ` : ''}Checking the recording…`;
    case 'saving':
      return `${view.stopReason ? `${STOPPED[view.stopReason]} ` : ''}Saving the answer…`;
    case 'save-failed':
      return 'The answer is kept here but could not be saved yet.';
    case 'done':
      return `${view.stopReason ? `${STOPPED[view.stopReason]} ` : ''}${savedText(view)}`;
    case 'failed':
      return 'The item stopped.';
  }
}

/** "Saved" only once checked: a recording's length read back from its file. */
function savedText(view: RunView): string {
  if (view.recordedMs === null) return 'Answer saved.';
  return `Answer saved: ${(view.recordedMs / 1000).toFixed(1)} s recorded, checked.`;
}

/** An item typed in by hand may lack its prompt; the examiner then gives it in person. */
function missingPrompt(item: Item): string | null {
  if (item.task === 'di') {
    return item.imagePath ? null : 'This item has no picture. Add one on the Items page.';
  }
  return item.promptAudioPath
    ? null
    : 'This item has no prompt audio. Add it on the Items page, or read the text (Reveal text) to the candidate before starting.';
}
