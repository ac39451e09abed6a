import { temporalUiLink } from '../../../../api/presenters/temporal-ui-link';

describe('temporalUiLink: the Temporal UI only at its public address', () => {
  it.each([
    [undefined, null],
    ['https://temporal.example.com', 'https://temporal.example.com/namespaces/default/workflows/graph-expansion-x-entity%3A7-pep/run-1'],
    ['https://temporal.example.com/', 'https://temporal.example.com/namespaces/default/workflows/graph-expansion-x-entity%3A7-pep/run-1'],
  ])('TEMPORAL_UI_PUBLIC_URL=%s → %s', (publicUrl, link) => {
    expect(
      temporalUiLink({ TEMPORAL_UI_PUBLIC_URL: publicUrl, TEMPORAL_NAMESPACE: 'default' }, 'graph-expansion-x-entity:7-pep', 'run-1'),
    ).toBe(link);
  });
});
