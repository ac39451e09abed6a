import { isUuid } from '../../../domain/uuid';

describe('isUuid', () => {
  it.each([
    ['00000000-0000-4000-8000-000000000000', true],
    ['3F2504E0-4F89-41D3-9A0C-0305E82C3301', true],
    ['3f2504e0-4f89-41d3-9a0c-0305e82c3301', true],
    ['3f2504e04f8941d39a0c0305e82c3301', false],
    ["3f2504e0-4f89-41d3-9a0c-0305e82c330'", false],
    ["x' or '1'='1", false],
    ['', false],
  ])('%s → %s', (value, expected) => {
    expect(isUuid(value)).toBe(expected);
  });
});
