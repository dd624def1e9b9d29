/**
 * Chromium's synthetic microphone, for the end-to-end tests: `EXAMINER_FAKE_MICROPHONE` is
 * `1` (a tone) or the path of a WAV file to play. Electron takes such Chromium switches only
 * through `app.commandLine.appendSwitch`, before the app is ready. A packaged app ignores the
 * variable, so an installed copy always records from a real microphone.
 */
export function fakeMicrophoneSwitches(
  packaged: boolean,
  setting: string | undefined,
): [name: string, value?: string][] {
  if (packaged || !setting) return [];
  const switches: [string, string?][] = [['use-fake-device-for-media-stream']];
  if (setting !== '1') switches.push(['use-file-for-fake-audio-capture', setting]);
  return switches;
}
