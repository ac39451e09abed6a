import { buildSnippet } from '../../../../domain/media/build-snippet';

describe('snippets', () => {
  it.each([
    ['short text, whole', 'Renato Braga foi preso.', 0, 12, '«Renato Braga» foi preso.'],
    ['cut at word boundaries with ellipses', `${'palavra '.repeat(30)}Renato Braga${' depois'.repeat(30)}`, 240, 252, '…palavra palavra'],
    ['whitespace collapsed', 'A\n\nRenato   Braga\tfoi', 3, 17, 'A «Renato Braga» foi'],
  ])('%s', (_why, text, start, end, expected) => {
    const snippet = buildSnippet(text, start, end);
    if (expected.startsWith('…')) {
      expect(snippet.startsWith('…palavra')).toBe(true);
      expect(snippet.endsWith('depois…')).toBe(true);
      expect(snippet).toContain('«Renato Braga»');
      expect(snippet.length).toBeLessThan(220);
    } else expect(snippet).toBe(expected);
  });
});
