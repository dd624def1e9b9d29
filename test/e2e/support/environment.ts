import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '../../..');

export function chromiumPath(): string | null {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  return existsSync(path) ? path : null;
}

export function electronBinary(): string | null {
  const dir = join(ROOT, 'node_modules/electron');
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

export const onCi = process.env.CI === 'true';

export function appVersion(): string {
  return (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string })
    .version;
}

/** Chromium's flags for tests here: headless, and no connections to the outside. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A synthetic microphone, so that recording works without hardware or a prompt. */
export const FAKE_MICROPHONE_ARGS = [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];

/** Launch options for Chromium whose synthetic microphone plays `wav` (when there is one). */
export function fakeMicrophoneFrom(wav: string | null) {
  return {
    executablePath: chromiumPath() ?? undefined,
    args: [
      ...CHROMIUM_ARGS,
      ...FAKE_MICROPHONE_ARGS,
      ...(wav ? [`--use-file-for-fake-audio-capture=${wav}`] : []),
    ],
  };
}
