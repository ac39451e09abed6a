/** The event's row is not visible (yet): its publishing transaction has not committed, or rolled back. */
export class WebhookEventNotVisibleError extends Error {
  constructor(
    message: string,
    readonly givenUp: boolean,
  ) {
    super(message);
  }
}
