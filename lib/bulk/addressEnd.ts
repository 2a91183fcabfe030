/**
 * Where an http(s) address begins and ends in a line of pasted text. A line that is one address
 * (perhaps inside one pair of quotes, brackets or Markdown marks) is taken whole; inside prose,
 * whitespace ends an address, a quote or bracket ends it only where it closes one opened right
 * before the address (as Markdown and email clients read it), and the punctuation of the
 * sentence is left off its end, reported so that the page can show what was left out.
 */

/** An address found in a line, and what was left off its end as the text's punctuation. */
export interface FoundAddress {
  url: string;
  /** Characters that followed the address without whitespace and were read as punctuation ('' when none). */
  cut: string;
}

/** Each opening mark and the mark that closes it. */
const PAIRS: Record<string, string> = {
  '"': '"',
  "'": "'",
  '`': '`',
  '“': '”',
  '‘': '’',
  '«': '»',
  '‹': '›',
  '<': '>',
  '(': ')',
  '[': ']',
  '{': '}',
  '*': '*',
  _: '_',
  '~': '~',
};
/** Brackets nest: their closer is found by counting. */
const NESTING = new Set(['(', '[', '{']);
/** What may follow an enclosed address in the same word: closing marks and sentence punctuation. */
const TAIL = /^[.,;:!?)\]}>"'`*_~”’»›]*$/;
/** Sentence punctuation left off the end of an address that nothing encloses. */
const SENTENCE_END = '.,;:!?*_~';
const START = /https?:\/\//gi;
const WORD = /^[^\s<>\u00a0]+/;
/** Another address starting right after a quote, bracket or separator: two addresses, not one. */
const NEXT = /["'`<>()[\]{},;]https?:\/\//i;

/** The address a line holds alone (outer pairs of quotes, brackets or marks taken off), or null. */
export function loneAddress(line: string): string | null {
  let s = line.trim();
  for (;;) {
    const close = PAIRS[s[0] ?? ''];
    if (s.length < 2 || close === undefined || s.at(-1) !== close) break;
    s = s.slice(1, -1).trim();
  }
  if (!/^https?:\/\/\S/i.test(s) || NEXT.test(s)) return null;
  if (!/\s/.test(s)) return s;
  // Spaces only inside quotes the address opened (search?q="exact phrase"): one address, its
  // spaces written as a browser's address bar sends them.
  let quoted = false;
  for (const c of s) {
    if (c === '"') quoted = !quoted;
    else if (/\s/.test(c) && !quoted) return null;
  }
  if (quoted || /\shttps?:\/\//i.test(s)) return null;
  return s.replace(/\s/g, (c) => encodeURIComponent(c));
}

/** An address at the start of a line, perhaps after opening marks. */
const STARTS_AS_ADDRESS = /^[("'`<[{*_~“‘«‹]*https?:\/\/\S/i;

/**
 * What follows the space when a line starts as an address and goes on with words after it
 * (`https://exa mple.com/x`: one address with a typo, not an address and prose); null when the
 * line does not start as one, or when all that follows is more addresses (a list on one line).
 */
export function brokenAddress(line: string): string | null {
  const words = line.trim().split(/\s+/);
  if (!STARTS_AS_ADDRESS.test(words[0] ?? '') || words.length < 2) return null;
  const at = words.findIndex((w, i) => i > 0 && !STARTS_AS_ADDRESS.test(w));
  return at === -1 ? null : words.slice(at).join(' ');
}

/** Every http(s) address in a line of prose, with what was left off the end of each. */
export function addressesInProse(line: string): FoundAddress[] {
  const found: FoundAddress[] = [];
  let from = 0;
  for (const m of line.matchAll(START)) {
    if (m.index < from) continue; // inside the address found before
    const run = WORD.exec(line.slice(m.index))?.[0] ?? '';
    const next = NEXT.exec(run);
    const word = next ? run.slice(0, next.index) : run;
    const opener = line[m.index - 1] ?? '';
    const address = (PAIRS[opener] !== undefined ? enclosed(word, opener) : null) ?? trimEnd(word);
    found.push(address);
    from = m.index + address.url.length;
  }
  return found;
}

/** The address inside the pair `opener` opened, when the word closes it; else null. */
function enclosed(word: string, opener: string): FoundAddress | null {
  const closer = PAIRS[opener]!;
  if (NESTING.has(opener)) {
    let depth = 1;
    for (let i = 0; i < word.length; i++) {
      if (word[i] === opener) depth++;
      else if (word[i] === closer && --depth === 0) return { url: word.slice(0, i), cut: '' };
    }
    return null;
  }
  // A quote or mark: the first one after which only closing marks and punctuation follow, so
  // that quotes inside the address (q="exact", Conway's) stay in it.
  for (let i = 0; i < word.length; i++) {
    if (word[i] === closer && TAIL.test(word.slice(i + 1))) return { url: word.slice(0, i), cut: '' };
  }
  return null;
}

/** Cuts sentence punctuation and unbalanced closing brackets off the end of an address in prose. */
function trimEnd(word: string): FoundAddress {
  let url = word;
  for (;;) {
    const last = url.at(-1) ?? '';
    if (SENTENCE_END.includes(last)) url = url.slice(0, -1);
    else if (last === ')' && count(url, '(') < count(url, ')')) url = url.slice(0, -1);
    else if (last === ']' && count(url, '[') < count(url, ']')) url = url.slice(0, -1);
    else if (last === '}' && count(url, '{') < count(url, '}')) url = url.slice(0, -1);
    else return { url, cut: word.slice(url.length) };
  }
}

function count(s: string, c: string): number {
  return s.split(c).length - 1;
}
