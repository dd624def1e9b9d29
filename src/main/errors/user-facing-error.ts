/** A failure whose message an examiner can act on; `detail` is for the log. */
export class UserFacingError extends Error {
  constructor(
    message: string,
    readonly detail: string | null = null,
  ) {
    super(message);
    this.name = 'UserFacingError';
  }
}
