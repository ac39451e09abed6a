import { operatorOf } from '../../../ops/operator';

describe('operatorOf: who an ops command acts as', () => {
  it.each([
    ['--operator wins over the OS user', 'maria', 'root', 'maria'],
    ['the OS user without --operator', undefined, 'deploy', 'deploy'],
    ['a blank --operator falls back to the OS user', '  ', 'deploy', 'deploy'],
    ['neither: "operator"', undefined, undefined, 'operator'],
    ['trimmed', '  joão ', undefined, 'joão'],
  ])('%s', (_case, flag, osUser, name) => {
    expect(operatorOf(flag, osUser)).toEqual({ type: 'operator', name });
  });
});
