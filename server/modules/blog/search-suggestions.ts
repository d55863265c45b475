/**
 * "Did you mean": the title words closest to a query's words by trigram similarity, computed as pg_trgm
 * does (the word padded with two spaces before and one after, its three-letter pieces; similarity = shared
 * pieces / all pieces), the same on both databases (docs/decisions/0023-search.md).
 */
const MIN_SIMILARITY = 0.3;
const MAX_SUGGESTIONS = 5;

/** Lower case without accents: "Café" and "cafe" are one word. */
const folded = (word: string) => word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const grams = new Set<string>();
  const chars = [...padded];
  for (let i = 0; i + 3 <= chars.length; i++) grams.add(chars.slice(i, i + 3).join(''));
  return grams;
}

function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const gram of a) if (b.has(gram)) shared++;
  return shared / (a.size + b.size - shared);
}

export interface Vocabulary {
  words: Array<{ word: string; grams: Set<string> }>;
}

/** The distinct words of these titles (three letters or more), ready to compare. */
export function vocabularyOf(titles: readonly string[]): Vocabulary {
  const seen = new Map<string, string>();
  for (const title of titles) {
    for (const word of title.match(/[\p{L}\p{M}\p{N}]{3,}/gu) ?? []) {
      const key = folded(word);
      if (!seen.has(key)) seen.set(key, word.toLowerCase());
    }
  }
  return { words: [...seen].map(([key, word]) => ({ word, grams: trigrams(key) })) };
}

/** The title words most like the query's words, best first; none equal to a query word. */
export function suggestionsFor(vocabulary: Vocabulary, queryWords: readonly string[]): string[] {
  const asked = queryWords.map(folded).filter((word) => word.length >= 2);
  const askedGrams = asked.map(trigrams);
  const scored: Array<{ word: string; score: number }> = [];
  for (const { word, grams } of vocabulary.words) {
    if (asked.includes(folded(word))) continue;
    const score = Math.max(0, ...askedGrams.map((g) => similarity(g, grams)));
    if (score >= MIN_SIMILARITY) scored.push({ word, score });
  }
  return scored
    .sort((a, b) => b.score - a.score || a.word.localeCompare(b.word))
    .slice(0, MAX_SUGGESTIONS)
    .map((s) => s.word);
}
