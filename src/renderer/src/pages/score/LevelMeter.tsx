/** React sets `style` through the CSSOM, which the strict CSP (no inline styles) allows. */
export function LevelMeter({ level }: { level: number }) {
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
        className={level > 0.9 ? 'level-bar level-loud' : 'level-bar'}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
