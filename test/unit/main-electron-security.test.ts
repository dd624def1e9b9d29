import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toApiFailure } from '../../src/main/core/api-dispatch.js';
import { UserFacingError } from '../../src/main/errors/user-facing-error.js';
import {
  APP_ENTRY_URL,
  isAppUrl,
  resolveAppFile,
  type RendererSource,
} from '../../src/main/electron/app-url.js';
import { fakeMicrophoneSwitches } from '../../src/main/electron/fake-microphone.js';
import { isTrustedSender } from '../../src/main/electron/ipc-sender.js';
import { menuTemplate } from '../../src/main/electron/menu-template.js';
import {
  grantsPermissionCheck,
  grantsPermissionRequest,
} from '../../src/main/electron/permissions.js';
import { rendererSource } from '../../src/main/electron/renderer-source.js';
import { startIfFirstInstance } from '../../src/main/electron/single-instance.js';
import { webPreferences } from '../../src/main/electron/window-options.js';

const built: RendererSource = { kind: 'protocol', url: APP_ENTRY_URL };
const dev: RendererSource = { kind: 'dev-server', url: 'http://localhost:5173' };

describe('isAppUrl: which pages may call the app API and use the microphone', () => {
  it('accepts any page of app://examiner, and its origin as Chromium spells it', () => {
    expect(isAppUrl('app://examiner/index.html', built)).toBe(true);
    expect(isAppUrl('app://examiner/index.html#/history', built)).toBe(true);
    expect(isAppUrl('app://examiner/', built)).toBe(true);
    expect(isAppUrl('app://examiner', built)).toBe(true);
  });

  it('refuses another host, port, scheme, credentials, file: pages and nonsense', () => {
    expect(isAppUrl('app://evil/index.html', built)).toBe(false);
    expect(isAppUrl('app://examiner.evil/index.html', built)).toBe(false);
    expect(isAppUrl('app://examiner:8080/index.html', built)).toBe(false);
    expect(isAppUrl('app://user@examiner/index.html', built)).toBe(false);
    expect(isAppUrl('file:///opt/examiner/out/renderer/index.html', built)).toBe(false);
    expect(isAppUrl('file://evil/opt/examiner/out/renderer/index.html', built)).toBe(false);
    expect(isAppUrl('https://examiner/index.html', built)).toBe(false);
    expect(isAppUrl('', built)).toBe(false);
    expect(isAppUrl(undefined, built)).toBe(false);
    expect(isAppUrl('not a url', built)).toBe(false);
  });

  it('accepts only the dev server origin, not a host or port that merely starts the same', () => {
    expect(isAppUrl('http://localhost:5173/#/score', dev)).toBe(true);
    expect(isAppUrl('http://localhost:51730/', dev)).toBe(false);
    expect(isAppUrl('http://localhost:5173.evil.example/', dev)).toBe(false);
    expect(isAppUrl('app://examiner/index.html', dev)).toBe(false);
  });
});

describe('resolveAppFile: app:// serves the built renderer and nothing else', () => {
  const root = resolve('/opt/examiner/out/renderer');

  it('maps paths into the renderer folder, / to index.html', () => {
    expect(resolveAppFile('app://examiner/', root)).toEqual({
      ok: true,
      path: join(root, 'index.html'),
    });
    expect(resolveAppFile('app://examiner/assets/index-3f2a.js?v=1', root)).toEqual({
      ok: true,
      path: join(root, 'assets/index-3f2a.js'),
    });
    expect(resolveAppFile('app://examiner/assets/a%20b.css', root)).toEqual({
      ok: true,
      path: join(root, 'assets/a b.css'),
    });
  });

  it('refuses every way out of the folder', () => {
    for (const url of [
      'app://examiner/../../etc/passwd',
      'app://examiner/%2e%2e/%2e%2e/etc/passwd',
      'app://examiner/assets/..%2f..%2f..%2fetc/passwd',
      'app://examiner/..%2F..%2Fsecret',
    ]) {
      const file = resolveAppFile(url, root);
      if (file.ok) expect(file.path.startsWith(`${root}/`)).toBe(true);
    }
    expect(resolveAppFile('app://examiner/..%2F..%2Fsecret', root)).toEqual({
      ok: false,
      status: 404,
    });
    expect(resolveAppFile('app://examiner/a%5C..%5C..%5Csecret', root)).toEqual({
      ok: false,
      status: 400,
    });
    expect(resolveAppFile('app://examiner/index.html%00.png', root)).toEqual({
      ok: false,
      status: 400,
    });
    expect(resolveAppFile('app://examiner/%E0%A4%A', root)).toEqual({ ok: false, status: 400 });
  });

  it('serves only its own host', () => {
    expect(resolveAppFile('app://other/index.html', root)).toEqual({ ok: false, status: 404 });
    expect(resolveAppFile('file:///opt/examiner/out/renderer/index.html', root)).toEqual({
      ok: false,
      status: 404,
    });
  });
});

describe('rendererSource: ELECTRON_RENDERER_URL is obeyed in development only', () => {
  const devServerUrl = 'http://localhost:5173';

  it('a development build that is not packaged loads the loopback dev server', () => {
    expect(rendererSource({ devBuild: true, packaged: false, devServerUrl })).toEqual({
      kind: 'dev-server',
      url: devServerUrl,
    });
    expect(
      rendererSource({ devBuild: true, packaged: false, devServerUrl: 'http://[::1]:5173/' }).kind,
    ).toBe('dev-server');
  });

  it('a production build or a packaged app ignores the variable', () => {
    const app = { kind: 'protocol', url: 'app://examiner/index.html' };
    expect(rendererSource({ devBuild: false, packaged: false, devServerUrl })).toEqual(app);
    expect(rendererSource({ devBuild: true, packaged: true, devServerUrl })).toEqual(app);
    expect(rendererSource({ devBuild: false, packaged: true, devServerUrl: undefined })).toEqual(
      app,
    );
  });

  it('even in development, a page that is not on loopback http is never trusted', () => {
    for (const url of ['https://evil.example', 'http://evil.example:5173', 'file:///tmp/x.html']) {
      expect(rendererSource({ devBuild: true, packaged: false, devServerUrl: url }).kind).toBe(
        'protocol',
      );
    }
  });
});

describe('permissions: the microphone, for the app, and nothing else', () => {
  const isApp = (url: string | undefined) => isAppUrl(url, built);
  const request = (permission: string, mediaTypes: string[], url = 'app://examiner/index.html') =>
    grantsPermissionRequest({ permission, requestingUrl: url, mediaTypes }, isApp);

  it('grants an audio-only media request from the app', () => {
    expect(request('media', ['audio'])).toBe(true);
  });

  it('refuses the camera, an empty media type list, other origins and other permissions', () => {
    expect(request('media', ['video'])).toBe(false);
    expect(request('media', ['audio', 'video'])).toBe(false);
    expect(request('media', [])).toBe(false);
    expect(request('media', ['audio'], 'https://evil.example/')).toBe(false);
    expect(request('media', ['audio'], 'file:///tmp/page.html')).toBe(false);
    for (const permission of ['geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      expect(request(permission, ['audio'])).toBe(false);
    }
  });

  it('answers checks the same way: audio, from the app origin', () => {
    const check = (permission: string, mediaType: string | undefined, origin: string) =>
      grantsPermissionCheck({ permission, requestingOrigin: origin, mediaType }, isApp);
    expect(check('media', 'audio', 'app://examiner/')).toBe(true);
    expect(check('media', 'audio', 'app://examiner')).toBe(true);
    expect(check('media', 'video', 'app://examiner/')).toBe(false);
    expect(check('media', 'unknown', 'app://examiner/')).toBe(false);
    expect(check('media', undefined, 'app://examiner/')).toBe(false);
    expect(check('media', 'audio', 'https://evil.example/')).toBe(false);
    expect(check('geolocation', 'audio', 'app://examiner/')).toBe(false);
  });
});

describe('isTrustedSender: IPC is answered for the app top frame only', () => {
  const isApp = (url: string) => isAppUrl(url, built);
  const top = { url: 'app://examiner/index.html', parent: null };

  it('accepts the app main frame', () => {
    expect(isTrustedSender(top, isApp)).toBe(true);
  });

  it('refuses a gone frame, a subframe, and another page', () => {
    expect(isTrustedSender(null, isApp)).toBe(false);
    expect(isTrustedSender(undefined, isApp)).toBe(false);
    expect(isTrustedSender({ url: 'app://examiner/index.html', parent: top }, isApp)).toBe(false);
    expect(isTrustedSender({ url: 'https://evil.example/', parent: null }, isApp)).toBe(false);
  });
});

function roles(template: ReturnType<typeof menuTemplate>): string[] {
  return template.flatMap((item) => [
    item.role ?? item.label ?? '',
    ...(Array.isArray(item.submenu) ? item.submenu.map((sub) => sub.role ?? sub.label ?? '') : []),
  ]);
}

describe('menuTemplate', () => {
  const base = { appName: 'Examiner', platform: 'linux' as const, showAbout: () => undefined };

  it('has no reload or developer tools when packaged, and no stock viewMenu', () => {
    const packaged = roles(menuTemplate({ ...base, packaged: true }));
    expect(packaged).not.toContain('viewMenu');
    for (const role of ['reload', 'forceReload', 'toggleDevTools']) {
      expect(packaged).not.toContain(role);
    }
    expect(packaged).toEqual(
      expect.arrayContaining(['zoomIn', 'zoomOut', 'resetZoom', 'togglefullscreen']),
    );
    expect(packaged).toContain('About Examiner');
  });

  it('keeps them while developing, and adds the app menu on macOS', () => {
    const unpacked = roles(menuTemplate({ ...base, packaged: false }));
    expect(unpacked).toEqual(expect.arrayContaining(['reload', 'forceReload', 'toggleDevTools']));
    expect(roles(menuTemplate({ ...base, packaged: true, platform: 'darwin' }))[0]).toBe('appMenu');
  });
});

describe('webPreferences', () => {
  it('isolates the page, sandboxes it, turns spellcheck off, and DevTools off when packaged', () => {
    const packaged = webPreferences('/app/preload.cjs', true);
    expect(packaged).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      devTools: false,
    });
    expect(webPreferences('/app/preload.cjs', false).devTools).toBe(true);
  });
});

describe('startIfFirstInstance', () => {
  it('a second instance quits and starts nothing', () => {
    const calls: string[] = [];
    const started = startIfFirstInstance({
      requestLock: () => false,
      quit: () => calls.push('quit'),
      start: () => calls.push('start'),
    });
    expect(started).toBe(false);
    expect(calls).toEqual(['quit']);
  });

  it('the first instance starts and does not quit', () => {
    const calls: string[] = [];
    startIfFirstInstance({
      requestLock: () => true,
      quit: () => calls.push('quit'),
      start: () => calls.push('start'),
    });
    expect(calls).toEqual(['start']);
  });
});

describe('fakeMicrophoneSwitches', () => {
  it('adds Chromium switches for the tests, never in a packaged app', () => {
    expect(fakeMicrophoneSwitches(false, '1')).toEqual([['use-fake-device-for-media-stream']]);
    expect(fakeMicrophoneSwitches(false, '/tmp/speech.wav')).toEqual([
      ['use-fake-device-for-media-stream'],
      ['use-file-for-fake-audio-capture', '/tmp/speech.wav'],
    ]);
    expect(fakeMicrophoneSwitches(true, '/tmp/speech.wav')).toEqual([]);
    expect(fakeMicrophoneSwitches(false, undefined)).toEqual([]);
  });
});

describe('toApiFailure: what the renderer is told of a failure', () => {
  it('never carries a stack trace', () => {
    const failure = toApiFailure(new TypeError('cannot read x of undefined'));
    expect(failure).toEqual({
      message: 'Something went wrong. The details are in the log.',
      detail: null,
    });
    expect(JSON.stringify(toApiFailure('boom'))).not.toContain('boom');
  });

  it('keeps an examiner-facing message and its detail', () => {
    expect(toApiFailure(new UserFacingError('No such candidate.', 'id 9'))).toEqual({
      message: 'No such candidate.',
      detail: 'id 9',
    });
  });
});
