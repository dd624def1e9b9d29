import type { Page } from '@playwright/test';
import type { ExaminerApp } from '../fixtures';

/** The time recorded that the page sent with each answer, by the request it made. */
export function recordedTimes(page: Page): number[] {
  const times: number[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/api/call')) return;
    const body = request.postDataJSON() as { method: string; input: { recordedMs?: number } };
    if (body.method === 'sittings.answerSpeaking' || body.method === 'attempts.submitSpeaking') {
      times.push(body.input.recordedMs ?? Number.NaN);
    }
  });
  return times;
}

interface AudioPage {
  OfflineAudioContext: new (
    channels: number,
    length: number,
    rate: number,
  ) => { decodeAudioData(data: ArrayBuffer): Promise<{ duration: number }> };
}

/** The stored recording's length, decoded by the browser from the file the app kept. */
export async function storedSeconds(app: ExaminerApp, attemptId: number): Promise<number> {
  const { base64 } = await app.call('attempts.audio', { id: attemptId });
  return app.page.evaluate(async (data) => {
    const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
    const { OfflineAudioContext } = globalThis as unknown as AudioPage;
    const audio = await new OfflineAudioContext(1, 1, 16000).decodeAudioData(bytes.buffer);
    return audio.duration;
  }, base64);
}
