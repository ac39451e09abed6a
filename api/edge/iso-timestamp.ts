/** A timestamp (or date) column as ISO 8601; null stays null. */
export const isoTimestamp = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString();
