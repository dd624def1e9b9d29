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
