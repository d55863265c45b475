import type { SearchTerms } from './search-repository';

/** At most this many words of a query are searched for; longer words are cut. */
const MAX_WORDS = 12;
const MAX_WORD_LENGTH = 60;

/**
 * The words of a query as typed: runs of letters and digits (any script), lower-cased. Everything else
 * (quotes, `*`, parentheses, `NEAR(`, `-`, NUL, lone surrogates, emoji) only separates words, so nothing
 * a visitor types reaches the search engine's own syntax (docs/decisions/0023-search.md).
 */
export function queryWords(text: string): string[] {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_WORDS).map((word) => [...word].slice(0, MAX_WORD_LENGTH).join(''));
}

/** A word being typed is searched as a prefix from this length (SQLite's index keeps 3-character prefixes). */
const MIN_PREFIX = 3;

/**
 * The engines' queries of these words: all must match, the last also as a prefix (it may be half typed)
 * once it has three characters. Words hold only letters and digits, and are quoted besides.
 */
export function searchTermsOf(words: readonly string[]): SearchTerms {
  const lastWord = words[words.length - 1] ?? '';
  const last = [...lastWord].length >= MIN_PREFIX ? words.length - 1 : -1;
  return {
    fts5: words.map((word, i) => `"${word.replace(/"/g, '""')}"${i === last ? '*' : ''}`).join(' '),
    tsquery: words.map((word, i) => `'${word.replace(/'/g, "''")}'${i === last ? ':*' : ''}`).join(' & '),
  };
}
