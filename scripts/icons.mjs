#!/usr/bin/env node
// Draws the app icon's PNGs from resources/icons/icon.svg with Debian's Chromium (no download),
// for electron-builder: icon.png (1024 px) for macOS and Windows, and png/<n>x<n>.png for
// Linux. The PNGs are committed, so packaging never needs this; rerun it after editing the SVG.
// Usage: node scripts/icons.mjs
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const root = join(import.meta.dirname, '..');
const dir = join(root, 'resources/icons');
const svg = readFileSync(join(dir, 'icon.svg'), 'utf8');
const LINUX_SIZES = [16, 32, 48, 64, 128, 256, 512];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  const draw = async (size, file) => {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    await page.screenshot({ path: file, omitBackground: true });
  };
  mkdirSync(join(dir, 'png'), { recursive: true });
  await draw(1024, join(dir, 'icon.png'));
  for (const size of LINUX_SIZES) await draw(size, join(dir, 'png', `${size}x${size}.png`));
  console.log(`icons: drew icon.png and ${LINUX_SIZES.length} Linux sizes in resources/icons`);
} finally {
  await browser.close();
}
