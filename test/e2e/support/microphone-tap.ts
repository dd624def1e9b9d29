import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';

/**
 * What Chromium's synthetic microphone delivered while each recording ran. Its fake device
 * reads the file on a timer and skips the reads it missed when its process stalls: frozen for
 * 0.8 s, it leaves a 3 s recording 0.78 s short (bench/synthetic-microphone.ts), where a real
 * microphone's driver buffers through. The app rightly refuses such a recording as not whole.
 * With this tap, a test tells the microphone losing audio from the app losing audio it was given.
 */
export async function tapMicrophone(page: Page): Promise<void> {
  await page.evaluate(() => {
    interface AudioFrame {
      numberOfFrames: number;
      sampleRate: number;
      close(): void;
    }
    interface TappedWindow {
      navigator: { mediaDevices: { getUserMedia(constraints: unknown): Promise<TappedStream> } };
      MediaStreamTrackProcessor: new (init: { track: unknown }) => {
        readable: { getReader(): { read(): Promise<{ done: boolean; value?: AudioFrame }> } };
      };
      MediaRecorder: { prototype: { start(...args: unknown[]): void; stop(): void } };
      deliveredPerRecording: number[];
    }
    interface TappedStream {
      getAudioTracks(): unknown[];
    }
    const view = globalThis as unknown as TappedWindow;
    if (view.deliveredPerRecording) return; // tapped already
    let deliveredMs = 0;
    view.deliveredPerRecording = [];
    const devices = view.navigator.mediaDevices;
    const open = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      // The track itself, not a clone: a clone would keep the device open after the app stops it.
      for (const track of stream.getAudioTracks()) {
        const reader = new view.MediaStreamTrackProcessor({ track }).readable;
        void (async () => {
          const frames = reader.getReader();
          for (;;) {
            const { done, value } = await frames.read();
            if (done || !value) return;
            deliveredMs += (value.numberOfFrames / value.sampleRate) * 1000;
            value.close();
          }
        })();
      }
      return stream;
    };
    const startedAt = new WeakMap<object, number>();
    const { start, stop } = view.MediaRecorder.prototype;
    view.MediaRecorder.prototype.start = function (this: object, ...args: unknown[]) {
      startedAt.set(this, deliveredMs);
      start.apply(this, args);
    };
    view.MediaRecorder.prototype.stop = function (this: object) {
      const from = startedAt.get(this);
      if (from !== undefined) view.deliveredPerRecording.push(deliveredMs - from);
      startedAt.delete(this);
      stop.apply(this);
    };
  });
}

/** Seconds of audio the microphone delivered during each recording so far, in order. */
function deliveredSeconds(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    (globalThis as unknown as { deliveredPerRecording: number[] }).deliveredPerRecording.map(
      (ms) => ms / 1000,
    ),
  );
}

/** The app's refusal of a recording shorter than the time recorded (src/shared/recorded-length.ts). */
const REFUSAL = /The recording lasts ([\d.]+) s but ([\d.]+) s were recorded/u;

/** The app's refusal of a recording that is not whole, wherever the page shows it. */
function refusalIn(scope: Page | Locator): Locator {
  return scope.getByText(REFUSAL);
}

/**
 * Checks that a refused recording lost what the microphone never delivered, not audio the app
 * was given, and notes the stall in the test's report; the caller then records again, as the
 * examiner is asked to. A second refusal in the same place fails the test.
 */
async function expectMicrophoneStalled(refusal: Locator, restarts: number): Promise<void> {
  const [kept, recorded] = REFUSAL.exec(await refusal.innerText())!
    .slice(1)
    .map(Number);
  const delivered = (await deliveredSeconds(refusal.page())).at(-1);
  if (delivered === undefined) throw new Error('The refused recording was made before the tap.');
  const loss = `the microphone delivered ${delivered.toFixed(2)} s in ${recorded} s recorded`;
  expect(Math.abs(kept! - delivered), `the app kept ${kept} s: ${loss}`).toBeLessThan(0.15);
  expect(restarts, `refused a second time: ${loss}`).toBe(0);
  test.info().annotations.push({ type: 'microphone stalled', description: loss });
  console.log(`a recording was refused and made again: ${loss}`);
}

/**
 * Waits until `done` shows, through refusals of recordings the synthetic microphone delivered
 * short (expectMicrophoneStalled), after each of which the answer is recorded `again`: by
 * default, an exam item started again.
 */
export async function throughMicrophoneStalls(
  scope: Page | Locator,
  done: Locator,
  timeout = 180_000,
  again = () => scope.getByRole('button', { name: 'Start the item again' }).click(),
): Promise<void> {
  const refusal = refusalIn(scope);
  for (let restarts = 0; ; restarts++) {
    await expect(done.or(refusal)).toBeVisible({ timeout });
    if (!(await refusal.isVisible())) return;
    await expectMicrophoneStalled(refusal, restarts);
    await again();
  }
}
