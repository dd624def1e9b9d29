/** What the IPC check needs of `event.senderFrame` (Electron's WebFrameMain). */
export interface SenderFrame {
  readonly url: string;
  readonly parent: unknown;
}

/**
 * A call is served only when it comes from the app's own top-level frame. The frame, not the
 * WebContents, is what sent it: a subframe (or a frame that has since navigated away or been
 * destroyed, which Electron reports as null) is refused.
 */
export function isTrustedSender(
  frame: SenderFrame | null | undefined,
  isApp: (url: string) => boolean,
): boolean {
  return frame != null && frame.parent === null && isApp(frame.url);
}
