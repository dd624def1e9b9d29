import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type Ref,
  type RefObject,
} from 'react';
import type { Task, Word } from '../../../../shared/contract';
import { hesitationTitle, isHesitation } from '../../../../shared/hesitation';
import { shownPause } from '../../../../shared/pause-length';
import { isUnsure, UNSURE_TITLE } from '../../../../shared/unsure-words';
import { unclearTitle } from '../WordTranscript';
import { Notice } from '../Notice';
import { decodePeaks, type Peaks } from './decode-peaks';
import { useRecording } from './use-recording';

/** What other views may ask of the player: play one stretch (a word) and stop at its end. */
export interface PlayerHandle {
  playSpan: (startMs: number, endMs: number) => void;
}

interface WaveformPlayerProps {
  attemptId: number;
  /** The result's words: drawn as regions on the waveform, pauses as gaps between them. */
  words: Word[];
  /** The attempt's task: in rl and di an `Inserted` entry is a hesitation, not a word. */
  task: Task;
  onPosition: (positionMs: number | null) => void;
  handle?: Ref<PlayerHandle>;
}

const COLUMNS = 800;

/**
 * The recording as a waveform with the words on it: play, pause, click anywhere to seek,
 * click a word to hear just that word. The word being spoken is highlighted.
 */
export function WaveformPlayer({
  attemptId,
  words,
  task,
  onPosition,
  handle,
}: WaveformPlayerProps) {
  const recording = useRecording(attemptId);
  const audio = useRef<HTMLAudioElement>(null);
  const [peaks, setPeaks] = useState<Peaks | null>(null);
  const [positionMs, setPositionMs] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [mediaDurationMs, setMediaDurationMs] = useState<number | null>(null);
  const stopAtMs = useRef<number | null>(null);

  useEffect(() => {
    if (!recording.blob) return;
    let current = true;
    decodePeaks(recording.blob, COLUMNS).then(
      (decoded) => current && setPeaks(decoded),
      () => current && setPeaks(null),
    );
    return () => {
      current = false;
    };
  }, [recording.blob]);

  const durationMs = mediaDurationMs ?? peaks?.durationMs ?? null;
  const report = useCallback(
    (ms: number | null) => {
      if (ms !== null) setPositionMs(ms);
      onPosition(ms);
    },
    [onPosition],
  );
  useFollowPlayback(audio, recording.url, stopAtMs, report, setPlaying);

  const seek = (ms: number) => {
    const player = audio.current;
    if (!player) return;
    stopAtMs.current = null;
    player.currentTime = ms / 1000;
    report(ms);
  };
  const playSpan = useCallback((startMs: number, endMs: number) => {
    const player = audio.current;
    if (!player) return;
    player.currentTime = startMs / 1000;
    stopAtMs.current = endMs;
    void player.play();
  }, []);
  useImperativeHandle(handle, () => ({ playSpan }), [playSpan]);

  if (recording.error) return <Notice message={recording.error} />;
  if (!recording.url) return <p className="muted">Loading the recording…</p>;
  const share = (ms: number) => (durationMs ? Math.min(100, (ms / durationMs) * 100) : 0);
  return (
    <div className="waveform-player" role="group" aria-label="Recording player">
      <audio
        ref={audio}
        src={recording.url}
        preload="auto"
        aria-label="Recording"
        onLoadedMetadata={(event) => setMediaDurationMs(finiteMs(event.currentTarget.duration))}
        onDurationChange={(event) => setMediaDurationMs(finiteMs(event.currentTarget.duration))}
      />
      <div className="player-controls">
        <button
          type="button"
          className="button-secondary"
          onClick={() => {
            const player = audio.current;
            if (!player) return;
            stopAtMs.current = null;
            if (player.paused) void player.play();
            else player.pause();
          }}
        >
          {playing ? 'Pause' : 'Play'}
        </button>
        <span className="player-time" aria-label="Playback time">
          {seconds(positionMs)} / {durationMs === null ? '…' : seconds(durationMs)}
        </span>
      </div>
      <div
        className="waveform"
        data-testid="waveform"
        onClick={(event) => {
          if (!durationMs) return;
          const box = event.currentTarget.getBoundingClientRect();
          seek(((event.clientX - box.left) / box.width) * durationMs);
        }}
      >
        <WaveformCanvas peaks={peaks?.peaks ?? null} />
        <div className="waveform-progress" style={{ width: `${share(positionMs)}%` }} />
        {words.map((word, index) => {
          const span = regionOf(words, index);
          if (!span || !durationMs) return null;
          const isPause = word.label === 'Pause';
          const current = !isPause && positionMs >= span.start && positionMs < span.end && playing;
          const look = regionLook(word, task, span);
          return (
            <button
              type="button"
              key={index}
              className={`region ${look.className}${current ? ' region-current' : ''}`}
              style={{
                left: `${share(span.start)}%`,
                width: `${share(span.end) - share(span.start)}%`,
              }}
              aria-label={look.name}
              title={look.title}
              onClick={(event) => {
                event.stopPropagation();
                playSpan(span.start, span.end);
              }}
            >
              {!isPause && <span className="region-label">{look.text}</span>}
            </button>
          );
        })}
      </div>
    </div>
  );
}

function WaveformCanvas({ peaks }: { peaks: Float32Array | null }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context || !canvas.current) return;
    const { width, height } = canvas.current;
    context.clearRect(0, 0, width, height);
    if (!peaks) return;
    context.fillStyle = '#7b8ba1';
    const middle = height / 2;
    peaks.forEach((peak, column) => {
      const half = Math.max(0.5, peak * (middle - 2));
      context.fillRect(column, middle - half, 1, half * 2);
    });
  }, [peaks]);
  return (
    <canvas
      ref={canvas}
      className="waveform-canvas"
      width={COLUMNS}
      height={96}
      aria-label="Waveform"
      role="img"
      data-drawn={peaks ? 'true' : 'false'}
    />
  );
}

/**
 * How a region looks and reads: a word by its label (with a "?" when the engine is not sure it
 * was said), a pause hatched, a hesitation muted.
 */
function regionLook(
  word: Word,
  task: Task,
  span: { start: number; end: number },
): { className: string; name: string; title: string; text: string } {
  if (word.label === 'Pause') {
    const title = `Pause, ${Math.round(span.end - span.start)} ms`;
    return { className: 'region-pause', name: 'Pause', title, text: '' };
  }
  if (isHesitation(word, task)) {
    return {
      className: 'region-hesitation',
      name: `Play hesitation “${word.word}”`,
      title: hesitationTitle(word),
      text: word.word,
    };
  }
  if (word.label === 'Unclear') {
    return {
      className: 'region-unclear',
      name: 'Play unclear speech',
      title: unclearTitle(word),
      text: 'unclear',
    };
  }
  const unsure = isUnsure(word, task);
  return {
    className: `region-word label-${word.label.toLowerCase()}${unsure ? ' region-unsure' : ''}`,
    name: `Play “${word.word}”`,
    title: unsure ? `${word.word}. ${UNSURE_TITLE}` : word.word,
    text: unsure ? `${word.word}?` : word.word,
  };
}

/** A word's stretch of time; a pause's is its silence (src/shared/pause-length.ts). */
function regionOf(words: Word[], index: number): { start: number; end: number } | null {
  const word = words[index] as Word;
  if (word.end > word.start) return { start: word.start, end: word.end };
  if (word.label !== 'Pause') return null;
  const pause = shownPause(words, index);
  return pause.hidden ? null : pause.span;
}

/** Follows the position every frame while playing, and stops at the end of a word. */
function useFollowPlayback(
  audio: RefObject<HTMLAudioElement | null>,
  url: string | null,
  stopAtMs: RefObject<number | null>,
  reportNow: (ms: number | null) => void,
  setPlaying: (playing: boolean) => void,
) {
  const latest = useRef(reportNow);
  useEffect(() => {
    latest.current = reportNow;
  }, [reportNow]);
  useEffect(() => {
    const report = (ms: number | null) => latest.current(ms);
    const player = audio.current;
    if (!player) return;
    let frame = 0;
    const follow = () => {
      const ms = player.currentTime * 1000;
      const stop = stopAtMs.current;
      if (stop !== null && ms >= stop) {
        stopAtMs.current = null;
        player.pause();
        return;
      }
      report(ms);
      frame = requestAnimationFrame(follow);
    };
    const onPlay = () => {
      setPlaying(true);
      follow();
    };
    const onPause = () => {
      cancelAnimationFrame(frame);
      setPlaying(false);
      report(player.ended ? null : player.currentTime * 1000);
    };
    player.addEventListener('play', onPlay);
    player.addEventListener('pause', onPause);
    player.addEventListener('ended', onPause);
    return () => {
      cancelAnimationFrame(frame);
      player.removeEventListener('play', onPlay);
      player.removeEventListener('pause', onPause);
      player.removeEventListener('ended', onPause);
    };
  }, [audio, url, stopAtMs, setPlaying]);
}

function finiteMs(seconds: number): number | null {
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
