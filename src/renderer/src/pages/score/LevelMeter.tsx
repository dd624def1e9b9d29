import { Notice } from '../../components/Notice';

/**
 * The microphone's level, red while it clips. React sets `style` through the CSSOM, which the
 * strict CSP (no inline styles) allows.
 */
export function LevelMeter({ level, clipping }: { level: number; clipping: boolean }) {
  const percent = Math.round(level * 100);
  return (
    <div
      className="level-meter"
      role="meter"
      aria-label="Microphone level"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div
        className={clipping ? 'level-bar level-clipping' : 'level-bar'}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

/** Said while recording, and kept after it, once the answer has clipped. */
export function ClippingNotice({ clipping }: { clipping: boolean }) {
  return (
    <Notice
      kind="warning"
      message={
        clipping
          ? 'Too loud: the microphone is clipping, which distorts the voice. Turn its input level down or move it further from the mouth. A clipped answer is scored with a caution.'
          : null
      }
    />
  );
}
