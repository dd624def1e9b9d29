import { useState } from 'react';

interface ConfirmButtonProps {
  label: string;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
}

/** A destructive action that asks once more in place instead of opening a dialog. */
export function ConfirmButton({ label, confirmLabel, onConfirm, disabled }: ConfirmButtonProps) {
  const [armed, setArmed] = useState(false);
  if (!armed) {
    return (
      <button
        type="button"
        className="button-quiet"
        disabled={disabled}
        onClick={() => setArmed(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <span className="confirm-group">
      <button type="button" className="button-danger" onClick={onConfirm}>
        {confirmLabel}
      </button>
      <button type="button" className="button-quiet" onClick={() => setArmed(false)}>
        Keep
      </button>
    </span>
  );
}
