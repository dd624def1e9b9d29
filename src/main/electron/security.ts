import type { Session, WebContents } from 'electron';

/**
 * The window may only show the app itself: no navigation, no new windows, and of all
 * permissions only the microphone (Score records speech). The Content-Security-Policy
 * lives in index.html so that both hosts serve the same one.
 */
export function restrictPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? (details.mediaTypes ?? []) : [];
    callback(permission === 'media' && mediaTypes.every((type) => type === 'audio'));
  });
  session.setPermissionCheckHandler((_contents, permission) => permission === 'media');
}

export function blockNavigation(contents: WebContents): void {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/**
 * Whether a page is the app itself: the dev server's origin, or exactly the built
 * index.html (any other file: page, say one opened by mistake, is not the app).
 */
export function isAppUrl(pageUrl: string, appUrl: string): boolean {
  let page: URL;
  let app: URL;
  try {
    page = new URL(pageUrl);
    app = new URL(appUrl);
  } catch {
    return false;
  }
  if (app.protocol === 'file:') return page.protocol === 'file:' && page.pathname === app.pathname;
  return page.origin === app.origin;
}
