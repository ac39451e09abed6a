const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string is a UUID in its canonical textual form (any case), e.g. before inlining it into SQL. */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
