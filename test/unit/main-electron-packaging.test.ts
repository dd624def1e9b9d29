import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import type { Configuration } from 'app-builder-lib';
import type { DebugLogger } from 'builder-util';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const quiet = { isEnabled: false, add: () => undefined } as unknown as DebugLogger;

/** electron-builder.yml (with package.json) read and merged the way electron-builder does it. */
function loadConfig(): Promise<Configuration> {
  return getConfig(ROOT, null, null);
}

function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('electron-builder configuration', () => {
  it("passes electron-builder's own schema check", async () => {
    await expect(validateConfiguration(await loadConfig(), quiet)).resolves.toBeUndefined();
  });

  it('is refused by the same check when an option is misspelt, so the check is real', async () => {
    const config = { ...(await loadConfig()), asarUnpak: ['node_modules/better-sqlite3/**'] };
    await expect(validateConfiguration(config as Configuration, quiet)).rejects.toThrow(
      /asarUnpak/u,
    );
  });

  it('names the app, builds AppImage and deb, NSIS and dmg, and unpacks better-sqlite3', async () => {
    const config = await loadConfig();
    expect(config).toMatchObject({
      appId: 'org.examiner.desktop',
      productName: 'Examiner',
      asar: true,
      npmRebuild: false,
      linux: { target: ['AppImage', 'deb'] },
      win: { target: ['nsis'] },
      mac: { target: ['dmg'] },
    });
    expect(config.asarUnpack).toContain('node_modules/better-sqlite3/**');
  });

  it('flips the fuses: no RunAsNode, encrypted cookies, app only from a checked asar', async () => {
    expect((await loadConfig()).electronFuses).toMatchObject({
      runAsNode: false,
      enableCookieEncryption: true,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
    });
  });

  it('has icons drawn from the committed SVG: 1024 px for macOS and Windows, sizes for Linux', async () => {
    const config = await loadConfig();
    expect(existsSync(join(ROOT, 'resources/icons/icon.svg'))).toBe(true);
    expect(pngSize(join(ROOT, config.win!.icon!))).toEqual({ width: 1024, height: 1024 });
    expect(pngSize(join(ROOT, config.mac!.icon!))).toEqual({ width: 1024, height: 1024 });
    for (const size of [16, 32, 48, 64, 128, 256, 512]) {
      const file = join(ROOT, config.linux!.icon!, `${size}x${size}.png`);
      expect(pngSize(file)).toEqual({ width: size, height: size });
    }
  });
});

describe('npm run dist', () => {
  const electronInstalled = existsSync(join(ROOT, 'node_modules/electron/path.txt'));

  it.skipIf(electronInstalled)(
    "says in one line that Electron's zip cannot be fetched, and exits 0",
    () => {
      const result = spawnSync(process.execPath, ['scripts/dist.mjs'], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      expect(result.status).toBe(0);
      expect(result.stdout.trimEnd().split('\n')).toEqual([
        expect.stringMatching(
          /^dist: Electron \d+\.\d+\.\d+'s zip cannot be fetched here \(no network to its release server\), so no installers were built\.$/u,
        ),
      ]);
      expect(result.stderr).toBe('');
    },
  );
});
