/** Markers around the matched name in a snippet: plain text, safe in JSON, HTML and logs. */
const HIGHLIGHT_OPEN = '«';
const HIGHLIGHT_CLOSE = '»';
const SNIPPET_CONTEXT_CHARS = 90;

const collapse = (s: string) => s.replace(/\s+/g, ' ');

/**
 * The text around [start, end) with the match between « and », cut at word boundaries about
 * SNIPPET_CONTEXT_CHARS characters either side, "…" where the text goes on.
 */
export function buildSnippet(text: string, start: number, end: number, context = SNIPPET_CONTEXT_CHARS): string {
  let from = Math.max(0, start - context);
  let to = Math.min(text.length, end + context);
  if (from > 0) {
    const space = text.indexOf(' ', from);
    from = space >= 0 && space < start ? space + 1 : from;
  }
  if (to < text.length) {
    const space = text.lastIndexOf(' ', to);
    to = space > end ? space : to;
  }
  const before = collapse(text.slice(from, start)).trimStart();
  const after = collapse(text.slice(end, to)).trimEnd();
  const matched = collapse(text.slice(start, end));
  return `${from > 0 ? '…' : ''}${before}${HIGHLIGHT_OPEN}${matched}${HIGHLIGHT_CLOSE}${after}${to < text.length ? '…' : ''}`;
}
