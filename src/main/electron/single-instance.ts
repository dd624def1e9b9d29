export interface SingleInstanceHooks {
  /** `app.requestSingleInstanceLock()`. */
  requestLock: () => boolean;
  quit: () => void;
  /** Everything the app does when it is the one running instance. */
  start: () => void;
}

/**
 * A second copy of the app hands over to the first (which focuses its window) and quits; it
 * starts nothing: no database, no engine, no window.
 */
export function startIfFirstInstance(hooks: SingleInstanceHooks): boolean {
  if (!hooks.requestLock()) {
    hooks.quit();
    return false;
  }
  hooks.start();
  return true;
}
