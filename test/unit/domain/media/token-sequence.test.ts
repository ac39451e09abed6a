import { areJoined, contentTokens, findReordered, findSequence } from '../../../../domain/media/token-sequence';
import { tokenizeText } from '../../../../domain/media/tokenize-text';

const prepared = (text: string) => {
  const tokens = tokenizeText(text);
  return { text, tokens, content: contentTokens(tokens) };
};

describe('word sequences of a text', () => {
  it("drops joining particles and keeps each word's index in the full list", () => {
    expect(contentTokens(tokenizeText('Maria da Silva')).map((t) => [t.word, t.index])).toEqual([
      ['MARIA', 0],
      ['SILVA', 2],
    ]);
  });

  it.each([
    ['a space', 'Renato Braga', false, true],
    ['a hyphen', 'Renato-Braga', false, true],
    ['a dot after an initial', 'Renato V. Braga', false, true],
    ['a comma, not allowed', 'BRAGA, Renato', false, false],
    ['a comma, allowed', 'BRAGA, Renato', true, true],
    ['a full stop after a long word', 'Renato. Braga', false, false],
  ])('areJoined across %s', (_name, text, allowComma, joined) => {
    const { tokens, content } = prepared(text);
    expect(areJoined(text, tokens, content[0], content[content.length - 1], allowComma)).toBe(joined);
  });

  it.each([
    ['each occurrence, by position among the content words', 'o Renato Braga e o Renato Braga', ['RENATO', 'BRAGA'], [1, 4]],
    ['broken by punctuation', 'Renato. Braga', ['RENATO', 'BRAGA'], []],
    ['an empty sequence', 'Renato Braga', [], []],
  ])('findSequence: %s', (_name, text, sequence, starts) => {
    const { tokens, content } = prepared(text);
    expect(findSequence(text, tokens, content, sequence)).toEqual(starts);
  });

  it.each([
    ['surname first with a comma', 'BRAGA, Renato Vasconcelos', ['RENATO', 'VASCONCELOS', 'BRAGA'], 1],
    ['the same order is no reordering', 'Renato Vasconcelos Braga', ['RENATO', 'VASCONCELOS', 'BRAGA'], 0],
    ['one word cannot be reordered', 'Braga', ['BRAGA'], 0],
    ['a window with a word the name lacks is none', 'Braga Silva Renato', ['RENATO', 'VASCONCELOS', 'BRAGA'], 0],
    ['a repeated word is not the missing one', 'Braga Braga Renato', ['RENATO', 'VASCONCELOS', 'BRAGA'], 0],
    ['found among other words on both sides', 'o sócio Vasconcelos Braga Renato disse', ['RENATO', 'VASCONCELOS', 'BRAGA'], 1],
  ])('findReordered: %s', (_name, text, words, count) => {
    const { tokens, content } = prepared(text);
    expect(findReordered(text, tokens, content, words)).toHaveLength(count);
  });
});
