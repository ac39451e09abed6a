import type { AnalysisStep } from '../../contracts/analysis-workflow-contract';

/** Bad data or a broken engine invariant: retrying cannot help (the contract's `deterministic` failure). */
export class AnalysisDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnalysisDataError';
  }
}

/** A failure inside the one-transaction sync run, naming the step it happened in. */
export class AnalysisStepError extends Error {
  constructor(readonly step: AnalysisStep, override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'AnalysisStepError';
  }
}

/** Pure engine code that throws has met data it cannot handle: a deterministic failure. */
export function computeOrFail<T>(step: string, compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    throw new AnalysisDataError(`${step}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export async function inStep<T>(step: AnalysisStep, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new AnalysisStepError(step, error);
  }
}

/** The run's analysis was never created: the request that started it rolled back (the contract's `notCreated`). */
export class AnalysisNotCreatedError extends Error {
  constructor(uuid: string) {
    super(`analysis ${uuid} was never created: the request that started this run rolled back`);
    this.name = 'AnalysisNotCreatedError';
  }
}
