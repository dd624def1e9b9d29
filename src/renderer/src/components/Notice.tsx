interface NoticeProps {
  message: string | null;
  kind?: 'error' | 'warning' | 'success' | 'info';
  onDismiss?: () => void;
}

/** An inline message; errors and warnings are announced to screen readers at once. */
export function Notice({ message, kind = 'error', onDismiss }: NoticeProps) {
  if (!message) return null;
  return (
    <div
      className={`notice notice-${kind}`}
      role={kind === 'error' || kind === 'warning' ? 'alert' : 'status'}
    >
      <span>{message}</span>
      {onDismiss && (
        <button type="button" className="icon-button" aria-label="Dismiss" onClick={onDismiss}>
          ×
        </button>
      )}
    </div>
  );
}
