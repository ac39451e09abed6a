import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/client';
import type { ApiFailure } from '../logic/api-errors';

export type Loadable<T> =
  { status: 'loading'; data?: T } | { status: 'ready'; data: T } | { status: 'error'; failure: ApiFailure; data?: T };

export function toFailure(error: unknown): ApiFailure {
  return error instanceof ApiError ? error.failure : { kind: 'server', status: 0, detail: String((error as Error)?.message ?? error) };
}

/** Whether two input lists are the same inputs (each compared with Object.is, as React compares effect inputs). */
export function sameInputs(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => Object.is(value, b[i]));
}

/**
 * A read that runs when its inputs change; a stale answer (inputs changed since) is dropped.
 * Only a reload keeps the data shown while it runs: once the inputs change, the answer for the old
 * ones no longer holds, so the read is `loading` without data from that very render on — never an
 * empty list or an empty panel standing for data that has not arrived (docs/console.md, "Loading
 * is not empty").
 */
export function useLoad<T>(load: () => Promise<T>, inputs: unknown[]): Loadable<T> & { reload: () => void } {
  const [state, setState] = useState<{ inputs: unknown[]; loadable: Loadable<T> }>({ inputs, loadable: { status: 'loading' } });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let current = true;
    setState((previous) => ({
      inputs,
      loadable: { status: 'loading', data: sameInputs(previous.inputs, inputs) ? previous.loadable.data : undefined },
    }));
    load().then(
      (data) => current && setState({ inputs, loadable: { status: 'ready', data } }),
      (error) => current && setState({ inputs, loadable: { status: 'error', failure: toFailure(error) } }),
    );
    return () => {
      current = false;
    };
  }, [...inputs, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  // The render in which the inputs changed comes before the effect above: it must not show the old answer either.
  const loadable: Loadable<T> = sameInputs(state.inputs, inputs) ? state.loadable : { status: 'loading' };
  return { ...loadable, reload };
}

/** A write started by a button: pending while it runs, its failure kept to be shown next to it. */
export function useAction<A extends unknown[], T>(act: (...args: A) => Promise<T>) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [result, setResult] = useState<T | null>(null);
  // Set on every mount, not only at creation: React may unmount and remount a component (StrictMode does in development).
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = useCallback(
    async (...args: A): Promise<T | undefined> => {
      setPending(true);
      setFailure(null);
      try {
        const value = await act(...args);
        if (mounted.current) setResult(value);
        return value;
      } catch (error) {
        if (mounted.current) setFailure(toFailure(error));
        return undefined;
      } finally {
        if (mounted.current) setPending(false);
      }
    },
    [act],
  );
  return { run, pending, failure, result, clear: () => setFailure(null) };
}

/**
 * An async event handler as React wants one (its result is ignored). Only for handlers that show
 * their own failures (through `useAction` or their own catch), so nothing is left unobserved.
 */
export function handleAsync<E>(handler: (event: E) => Promise<unknown>): (event: E) => void {
  return (event) => void handler(event);
}
