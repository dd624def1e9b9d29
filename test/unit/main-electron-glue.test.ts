import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserFacingError } from '../../src/main/errors/user-facing-error.js';
import type { AppCore } from '../../src/main/core/app-core.js';
import { APP_ENTRY_URL } from '../../src/main/electron/app-url.js';
import { handleCalls } from '../../src/main/electron/ipc.js';
import { electronKeyStore } from '../../src/main/electron/key-store.js';
import { installMenu } from '../../src/main/electron/menu.js';
import { restrictPermissions, serveRenderer } from '../../src/main/electron/security.js';
import { utilityProcessLauncher } from '../../src/main/electron/utility-process-launcher.js';

/**
 * The Electron glue, run against a stand-in for the electron module (its binary cannot be
 * fetched here): it must hand Electron's callbacks to the tested decisions, in the right order.
 */
const electron = vi.hoisted(() => {
  const fake = {
    packaged: false,
    gotLock: true,
    calls: [] as string[],
    handlers: new Map<string, (...args: never[]) => unknown>(),
    backend: 'gnome_libsecret',
    templates: [] as unknown[],
    forked: [] as unknown[],
    reset() {
      fake.packaged = false;
      fake.gotLock = true;
      fake.calls.length = 0;
      fake.handlers.clear();
      fake.templates.length = 0;
      fake.forked.length = 0;
      fake.backend = 'gnome_libsecret';
    },
  };
  return fake;
});

vi.mock('electron', () => {
  const record =
    (name: string, result?: unknown) =>
    (...args: unknown[]) => {
      electron.calls.push(name);
      electron.handlers.set(name, args.at(-1) as never);
      return result;
    };
  const app = {
    get isPackaged() {
      return electron.packaged;
    },
    requestSingleInstanceLock: () => {
      electron.calls.push('requestSingleInstanceLock');
      return electron.gotLock;
    },
    quit: record('quit'),
    enableSandbox: record('enableSandbox'),
    whenReady: () => {
      electron.calls.push('whenReady');
      return new Promise(() => undefined);
    },
    on: (event: string) => electron.calls.push(`on:${event}`),
    setPath: record('setPath'),
    getName: () => 'Examiner',
    getVersion: () => '0.1.0',
    commandLine: {
      appendSwitch: (name: string, value?: string) =>
        electron.calls.push(`appendSwitch:${name}${value ? `=${value}` : ''}`),
    },
  };
  return {
    app,
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown) =>
        electron.calls.push(`registerSchemesAsPrivileged:${JSON.stringify(schemes)}`),
    },
    net: { fetch: async (url: string) => new Response(`served ${url}`) },
    ipcMain: { handle: record('ipcMain.handle') },
    Menu: {
      buildFromTemplate: (template: unknown) => electron.templates.push(template),
      setApplicationMenu: record('setApplicationMenu'),
    },
    dialog: { showErrorBox: record('showErrorBox'), showMessageBox: record('showMessageBox') },
    safeStorage: {
      isEncryptionAvailable: () => true,
      getSelectedStorageBackend: () => electron.backend,
      encryptString: (plain: string) => Buffer.from(`enc:${plain}`),
      decryptString: (encrypted: Buffer) => encrypted.toString().slice(4),
    },
    utilityProcess: {
      fork: (...args: unknown[]) => {
        const child = Object.assign(new EventEmitter(), {
          pid: 4242,
          stdout: new PassThrough(),
          stderr: new PassThrough(),
          kill: vi.fn(),
        });
        electron.forked.push({ args, child });
        return child;
      },
    },
    BrowserWindow: { getAllWindows: () => [] },
    session: {},
  };
});

beforeEach(() => electron.reset());

describe('index.ts: start-up', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => {
    delete process.env.EXAMINER_FAKE_MICROPHONE;
  });

  it('a second instance quits before preparing anything, and never waits for ready', async () => {
    electron.gotLock = false;
    await import('../../src/main/electron/index.js');
    expect(electron.calls).toEqual(['requestSingleInstanceLock', 'quit']);
  });

  it('the first instance sandboxes every renderer and registers app:// before ready', async () => {
    process.env.EXAMINER_FAKE_MICROPHONE = '/tmp/speech.wav';
    await import('../../src/main/electron/index.js');
    const ready = electron.calls.indexOf('whenReady');
    expect(electron.calls.indexOf('enableSandbox')).toBeLessThan(ready);
    const scheme = electron.calls.find((call) => call.startsWith('registerSchemesAsPrivileged'));
    expect(scheme).toContain('"scheme":"app"');
    expect(scheme).not.toContain('corsEnabled');
    expect(electron.calls.indexOf(scheme!)).toBeLessThan(ready);
    expect(electron.calls).toContain(
      'appendSwitch:use-file-for-fake-audio-capture=/tmp/speech.wav',
    );
    expect(electron.calls).not.toContain('quit');
  });

  it('a packaged app takes no fake microphone', async () => {
    electron.packaged = true;
    process.env.EXAMINER_FAKE_MICROPHONE = '1';
    await import('../../src/main/electron/index.js');
    expect(electron.calls.filter((call) => call.startsWith('appendSwitch'))).toEqual([]);
  });
});

describe('security.ts', () => {
  const source = { kind: 'protocol', url: APP_ENTRY_URL } as const;

  function fakeSession() {
    const captured: Record<string, (...args: never[]) => unknown> = {};
    const session = {
      protocol: { handle: (_scheme: string, handler: never) => (captured.protocol = handler) },
      setPermissionRequestHandler: (handler: never) => (captured.request = handler),
      setPermissionCheckHandler: (handler: never) => (captured.check = handler),
      setDevicePermissionHandler: (handler: never) => (captured.device = handler),
    };
    return { session: session as never, captured };
  }

  it('serves the renderer folder on app:// and refuses the rest', async () => {
    const { session, captured } = fakeSession();
    serveRenderer(session, '/opt/examiner/out/renderer');
    const serve = captured.protocol as (request: {
      url: string;
      method: string;
    }) => Promise<Response>;
    const ok = await serve({ url: 'app://examiner/', method: 'GET' });
    expect(await ok.text()).toBe('served file:///opt/examiner/out/renderer/index.html');
    expect(
      (await serve({ url: 'app://examiner/..%2f..%2fetc/passwd', method: 'GET' })).status,
    ).toBe(404);
    expect((await serve({ url: 'app://examiner/', method: 'POST' })).status).toBe(405);
  });

  it('grants the microphone to the app only, and no device at all', () => {
    const { session, captured } = fakeSession();
    restrictPermissions(session, source);
    const request = captured.request as (...args: unknown[]) => void;
    const answer = (permission: string, details: object) => {
      let granted: boolean | undefined;
      request(null, permission, (value: boolean) => (granted = value), details);
      return granted;
    };
    const app = 'app://examiner/index.html';
    expect(answer('media', { requestingUrl: app, mediaTypes: ['audio'] })).toBe(true);
    expect(answer('media', { requestingUrl: app, mediaTypes: [] })).toBe(false);
    expect(answer('media', { requestingUrl: app })).toBe(false);
    expect(answer('media', { requestingUrl: 'https://evil.example/', mediaTypes: ['audio'] })).toBe(
      false,
    );
    const check = captured.check as (...args: unknown[]) => boolean;
    expect(check(null, 'media', 'app://examiner/', { mediaType: 'audio' })).toBe(true);
    expect(check(null, 'media', 'app://examiner/', { mediaType: 'video' })).toBe(false);
    expect((captured.device as () => boolean)()).toBe(false);
  });
});

describe('ipc.ts', () => {
  function serve(dispatch: AppCore['dispatch']) {
    const core = { dispatch, subscribe: () => () => true, close: async () => undefined };
    handleCalls(core as AppCore, (url) => url.startsWith('app://examiner/'));
    return electron.handlers.get('ipcMain.handle');
  }

  const top = { url: 'app://examiner/index.html', parent: null };

  it('answers the app top frame', async () => {
    const handler = serve(async (method, input) => ({ method, input })) as (
      ...args: unknown[]
    ) => Promise<unknown>;
    expect(await handler({ senderFrame: top }, 'app.info', {})).toEqual({
      ok: true,
      value: { method: 'app.info', input: {} },
    });
  });

  it('refuses a subframe or a frame that is gone, and never sends a stack', async () => {
    const handler = serve(async () => {
      throw new TypeError('internal detail');
    }) as (...args: unknown[]) => Promise<{ ok: boolean; error?: unknown }>;
    const refused = {
      ok: false,
      error: { message: 'Refused a call from outside the app.', detail: null },
    };
    expect(await handler({ senderFrame: { ...top, parent: top } }, 'app.info', {})).toEqual(
      refused,
    );
    expect(await handler({ senderFrame: null }, 'app.info', {})).toEqual(refused);
    const failed = await handler({ senderFrame: top }, 'app.info', {});
    expect(JSON.stringify(failed)).not.toMatch(/internal detail|TypeError|at /u);
    const userFacing = serve(async () => {
      throw new UserFacingError('No such candidate.', 'id 9');
    }) as (...args: unknown[]) => Promise<unknown>;
    expect(await userFacing({ senderFrame: top }, 'candidates.get', {})).toEqual({
      ok: false,
      error: { message: 'No such candidate.', detail: 'id 9' },
    });
  });
});

describe('menu.ts', () => {
  it('installs a menu without developer tools in a packaged app', () => {
    electron.packaged = true;
    installMenu();
    expect(JSON.stringify(electron.templates[0])).not.toMatch(/toggleDevTools|reload|viewMenu/iu);
  });
});

describe('utility-process-launcher.ts', () => {
  it('starts the engine as a utility process with piped output, and stops it', () => {
    const child = utilityProcessLauncher({
      modulePath: '/app/out/main/server.js',
      args: ['--port', '0'],
      env: { EXAMINER_API_KEYS: 'k' },
      execArgv: [],
    });
    const { args, child: forked } = electron.forked[0] as {
      args: [string, string[], { stdio: string[]; env: object }];
      child: EventEmitter & { kill: () => void };
    };
    expect(args[0]).toBe('/app/out/main/server.js');
    expect(args[1]).toEqual(['--port', '0']);
    expect(args[2]).toMatchObject({
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { EXAMINER_API_KEYS: 'k' },
    });
    expect(child.stdout).not.toBeNull();

    child.stop();
    expect(forked.kill).toHaveBeenCalledTimes(1);
    const kill = vi.spyOn(process, 'kill').mockImplementation(() => true);
    child.stop(true);
    expect(kill).toHaveBeenCalledWith(4242, 'SIGKILL');
    kill.mockRestore();

    const exits: unknown[] = [];
    child.onExit((code, signal) => exits.push([code, signal]));
    forked.emit('exit', 0);
    expect(exits).toEqual([[0, null]]);
    expect(child.exited).toBe(true);
  });
});

describe.skipIf(process.platform === 'win32')('key-store.ts (Electron)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'examiner-electron-key-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses basic_text: the key goes to the 0600 file, labelled not encrypted', () => {
    electron.backend = 'basic_text';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = electronKeyStore(dir);
    warn.mockRestore();
    expect(store.description).toMatch(/^not encrypted/u);
    store.set('sk-1');
    expect(store.get()).toBe('sk-1');
  });

  it.runIf(process.platform === 'linux')('uses safeStorage with a real keyring', () => {
    const store = electronKeyStore(dir);
    expect(store.description).toMatch(/^encrypted with the GNOME keyring/u);
  });
});
