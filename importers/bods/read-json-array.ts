/**
 * The elements of a top-level JSON array, one at a time, as their JSON text: a scanner that
 * tracks only string/escape state and nesting depth, so memory holds one element, never the
 * whole array. Each element is then parsed by JSON.parse; structural errors throw.
 */
export async function* readJsonArrayElements(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let started = false;
  let ended = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let current = '';
  let count = 0;
  for await (const chunk of chunks) {
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 0x5c) escaped = true;
        else if (c === 0x22) inString = false;
        continue;
      }
      if (!started || ended) {
        if (!started && c === 0x5b) {
          started = true;
          start = i + 1;
        } else if (!isBlank(c)) {
          throw new Error(started ? `unexpected text after the array's closing bracket` : 'expected a JSON array');
        }
        continue;
      }
      if (c === 0x22) inString = true;
      else if (c === 0x7b || c === 0x5b) depth++;
      else if ((c === 0x7d || c === 0x5d) && depth > 0) depth--;
      else if (c === 0x5d || c === 0x7d) {
        if (c === 0x7d) throw new Error('unbalanced "}"');
        const last = (current + chunk.slice(start, i)).trim();
        current = '';
        ended = true;
        if (last !== '') yield last;
        else if (count > 0) throw new Error('empty array element');
      } else if (c === 0x2c && depth === 0) {
        const element = (current + chunk.slice(start, i)).trim();
        current = '';
        start = i + 1;
        if (element === '') throw new Error('empty array element');
        count++;
        yield element;
      }
    }
    if (started && !ended) current += chunk.slice(start);
  }
  if (!ended) throw new Error('unterminated array (no closing "]")');
}

function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xfeff;
}
