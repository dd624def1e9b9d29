/**
 * The names by which the renderer and the main process meet: Electron's IPC channels (preload
 * to main) and their twins over HTTP in the browser host (renderer bridge to host server).
 */
export const IPC_CHANNELS = {
  /** invoke(method, input), answered with {ok: true, value} or {ok: false, error}. */
  call: 'examiner:call',
  /** send(event, payload), from main to the renderer. */
  event: 'examiner:event',
} as const;

/** The browser host's routes. */
export const HTTP_ROUTES = {
  /** POST {method, input}: one API call. */
  call: '/api/call',
  /** WebSocket: every app event, as {event, payload}. */
  events: '/api/events',
  /** POST {token} or {launch}: a sign-in link's secret traded for the session cookie. */
  session: '/api/session',
} as const;

/** The global through which Electron's preload hands the renderer its bridge. */
export const BRIDGE_GLOBAL = 'examiner';
