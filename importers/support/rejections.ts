/** Malformed rows are counted and skipped; the first few are reported with their line numbers. */
export class RejectionLog {
  count = 0;
  readonly first: { file?: string; line: number; reason: string }[] = [];
  constructor(private readonly keep = 20) {}

  add(line: number, reason: string, file?: string): void {
    this.count++;
    if (this.first.length < this.keep) this.first.push(file ? { file, line, reason } : { line, reason });
  }

  /** Appends what another log (e.g. of a file staged in parallel) kept, so reports stay in file order. */
  absorb(other: RejectionLog): void {
    for (const r of other.first) if (this.first.length < this.keep) this.first.push(r);
    this.count += other.count;
  }
}

/** Thrown when a file is not in the expected format at all (fail fast, nothing written). */
export class WrongFormatError extends Error {
  constructor(file: string, detail: string) {
    super(`${file}: not in the expected format: ${detail}`);
    this.name = 'WrongFormatError';
  }
}
