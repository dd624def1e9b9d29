/**
 * Of every permission a page can ask for, the app grants one: the microphone (Score records
 * speech), to the app's own page. Camera, screen capture and a request naming no media type
 * at all are refused.
 */
export interface PermissionRequestFacts {
  permission: string;
  /** The URL of the frame that asked. */
  requestingUrl: string | undefined;
  /** For `media`: the devices asked for; empty when the request names none. */
  mediaTypes: readonly string[];
}

export interface PermissionCheckFacts {
  permission: string;
  requestingOrigin: string | undefined;
  /** For `media`: 'audio', 'video' or 'unknown'. */
  mediaType: string | undefined;
}

export type IsApp = (url: string | undefined) => boolean;

export function grantsPermissionRequest(facts: PermissionRequestFacts, isApp: IsApp): boolean {
  return (
    facts.permission === 'media' &&
    facts.mediaTypes.length > 0 &&
    facts.mediaTypes.every((type) => type === 'audio') &&
    isApp(facts.requestingUrl)
  );
}

export function grantsPermissionCheck(facts: PermissionCheckFacts, isApp: IsApp): boolean {
  return (
    facts.permission === 'media' && facts.mediaType === 'audio' && isApp(facts.requestingOrigin)
  );
}
