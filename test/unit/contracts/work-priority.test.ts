import { priorityKeys, taskQueueFairnessSettings, workPriority } from '../../../contracts/work-priority';

const companyUuid = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('work priority: Temporal Task Queue Priority and Fairness', () => {
  it.each([
    ['interactive', 1],
    ['normal', 3],
    ['bulk', 5],
  ] as const)('%s work has priority key %i and the company as fairness key', (priorityClass, key) => {
    expect(workPriority(priorityClass, companyUuid)).toEqual({ priorityKey: key, fairnessKey: companyUuid });
  });

  it('orders interactive before normal before bulk, within the server default levels 1–5 (3 = unset)', () => {
    expect(priorityKeys.interactive).toBeLessThan(priorityKeys.normal);
    expect(priorityKeys.normal).toBeLessThan(priorityKeys.bulk);
    expect(priorityKeys.normal).toBe(3);
    expect(priorityKeys.bulk).toBeLessThanOrEqual(5);
  });

  it.each([[''], ['x'.repeat(65)]])('refuses a fairness key the server would not take: %j', (key) => {
    expect(() => workPriority('normal', key)).toThrow(/fairness key/);
  });

  it('turns on the priority matcher and fairness, on one partition per task queue', () => {
    expect(taskQueueFairnessSettings).toEqual({
      'matching.useNewMatcher': true,
      'matching.enableFairness': true,
      'matching.numTaskqueueReadPartitions': 1,
      'matching.numTaskqueueWritePartitions': 1,
    });
  });
});
