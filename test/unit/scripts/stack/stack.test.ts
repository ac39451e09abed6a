import { localMachineSettings } from '../../../../scripts/stack/stack';

describe('localMachineSettings (npm start and the benches on a 2-core machine)', () => {
  it.each([
    ['caps the monitor checks at 3.5 per second by default', {}, '3.5'],
    ['keeps an explicit cap', { MONITOR_CHECKS_PER_SECOND: '10' }, '10'],
    ['keeps an explicit cap however small', { MONITOR_CHECKS_PER_SECOND: '0.5' }, '0.5'],
  ])('%s', (_, env, expected) => {
    expect(localMachineSettings(env)).toEqual({ MONITOR_CHECKS_PER_SECOND: expected });
  });
});
