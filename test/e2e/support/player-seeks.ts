import type { Locator } from '@playwright/test';

interface MediaLike {
  currentTime: number;
  seekedTo?: number;
  addEventListener(type: string, listener: () => void): void;
}

/**
 * Watches the recording's player for its first seek, the start of a span played; gives the
 * time it sought to, in seconds, or null before any seek.
 */
export async function watchFirstSeek(player: Locator): Promise<() => Promise<number | null>> {
  await player.evaluate((audio) => {
    const media = audio as unknown as MediaLike;
    media.addEventListener('seeking', () => (media.seekedTo ??= media.currentTime));
  });
  return () => player.evaluate((audio) => (audio as unknown as MediaLike).seekedTo ?? null);
}
