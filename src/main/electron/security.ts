import { pathToFileURL } from 'node:url';
import { net, protocol, type Session, type WebContents } from 'electron';
import { APP_SCHEME, isAppUrl, resolveAppFile, type RendererSource } from './app-url.js';
import { grantsPermissionCheck, grantsPermissionRequest } from './permissions.js';

/**
 * Thin glue: the decisions are in app-url.ts and permissions.ts. The Content-Security-Policy
 * lives in index.html so that both hosts serve the same one.
 */

/** Must run before the app is ready: app:// becomes a standard, secure scheme. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Serves the built renderer, and nothing outside it, on app://examiner/. */
export function serveRenderer(session: Session, rendererDir: string): void {
  session.protocol.handle(APP_SCHEME, (request) => {
    if (request.method !== 'GET') return new Response(null, { status: 405 });
    const file = resolveAppFile(request.url, rendererDir);
    if (!file.ok) return new Response(null, { status: file.status });
    return net
      .fetch(pathToFileURL(file.path).href)
      .catch(() => new Response(null, { status: 404 }));
  });
}

export function restrictPermissions(session: Session, source: RendererSource): void {
  const isApp = (url: string | undefined) => isAppUrl(url, source);
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? (details.mediaTypes ?? []) : [];
    callback(
      grantsPermissionRequest(
        { permission, requestingUrl: details.requestingUrl, mediaTypes },
        isApp,
      ),
    );
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    grantsPermissionCheck({ permission, requestingOrigin, mediaType: details.mediaType }, isApp),
  );
  // No HID, serial or USB device is ever handed to a page.
  session.setDevicePermissionHandler(() => false);
}

/** The window only ever shows the app: no navigation, redirects, new windows or webviews. */
export function blockNavigation(contents: WebContents): void {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}
