import type { PageBlock } from '#shared/page-blocks.ts';

/**
 * A page's structured data from its blocks: one `FAQPage` holding the questions of all its FAQ blocks
 * (a page is one FAQPage for search engines however many FAQ blocks it has), else null. Answers are plain
 * text in the schema (shared/page-blocks.ts), so they are given as typed.
 */
export function blocksJsonLd(blocks: PageBlock[]): Record<string, unknown> | null {
  const questions = blocks.flatMap((block) => (block.type === 'faq' ? block.items : []));
  if (questions.length === 0) return null;
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: questions.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}
