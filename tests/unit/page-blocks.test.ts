import { describe, expect, it } from 'vitest';
import { PAGE_BLOCK_MESSAGES as M } from '#shared/messages.ts';
import { pageBlockSchema, pageBlocksSchema, type PageBlock } from '#shared/page-blocks.ts';
import { blocksText, cleanBlocks } from '#server/lib/page-blocks.ts';
import { blocksJsonLd } from '#app/features/page-blocks/json-ld.ts';
import { blockFormAction, blockFormOf } from '#app/features/page-blocks/block-form.ts';
import { EVERY_BLOCK } from './fixtures/page-blocks';

/** The first message of each failing field, keyed by path as the editor's `errors` are (minus the block id). */
function messages(input: unknown): Record<string, string> {
  const parsed = pageBlockSchema.safeParse(input);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}
const hero = (fields: Record<string, unknown>) => ({ type: 'hero', id: 'h', heading: 'Hi', ...fields });

describe('page block schemas', () => {
  it('take every block of the fixture, with their defaults filled in', () => {
    expect(pageBlocksSchema.safeParse(EVERY_BLOCK).success).toBe(true);
    expect(pageBlockSchema.parse({ type: 'hero', id: 'h', heading: ' Hi ' })).toEqual({
      type: 'hero',
      id: 'h',
      heading: 'Hi',
      text: '',
      image: '',
      imageAlt: '',
      buttons: [],
    });
    expect(pageBlockSchema.parse({ type: 'posts', id: 'p', source: { kind: 'tag', id: 't' } })).toMatchObject({
      limit: 3,
      heading: '',
    });
  });

  it.each([
    [
      'a javascript: link',
      hero({ buttons: [{ label: 'Go', href: 'javascript:alert(1)' }] }),
      'buttons.0.href',
      M.linkInvalid,
    ],
    [
      'a link to another host without scheme',
      hero({ buttons: [{ label: 'Go', href: '//evil.example' }] }),
      'buttons.0.href',
      M.linkInvalid,
    ],
    ['a bare word as link', hero({ buttons: [{ label: 'Go', href: 'careers' }] }), 'buttons.0.href', M.linkInvalid],
    // Browsers read a backslash as a slash: these leave the site.
    [
      'a backslash path',
      hero({ buttons: [{ label: 'Go', href: '/\\evil.example' }] }),
      'buttons.0.href',
      M.linkInvalid,
    ],
    [
      'a slash-backslash path',
      hero({ buttons: [{ label: 'Go', href: '/\\/evil.example' }] }),
      'buttons.0.href',
      M.linkInvalid,
    ],
    [
      'an image address climbing out of /uploads',
      hero({ image: '/uploads/../admin', imageAlt: 'A' }),
      'image',
      M.imageRequired,
    ],
    ['a button without text', hero({ buttons: [{ label: ' ', href: '/x' }] }), 'buttons.0.label', M.labelRequired],
    [
      'more than two buttons',
      hero({ buttons: [1, 2, 3].map((n) => ({ label: `B${n}`, href: '/x' })) }),
      'buttons',
      M.tooManyItems(2),
    ],
    ['a hero without heading', hero({ heading: '' }), 'heading', M.headingRequired],
    ['a hero image without alt', hero({ image: '/uploads/a.png' }), 'imageAlt', M.altRequired],
    [
      'a hero image from elsewhere',
      hero({ image: 'https://evil.example/a.png', imageAlt: 'A' }),
      'image',
      M.imageRequired,
    ],
    ['an image without alt', { type: 'image', id: 'i', image: '/uploads/a.png', alt: '' }, 'alt', M.altRequired],
    ['an image block without image', { type: 'image', id: 'i', image: '', alt: 'A' }, 'image', M.imageRequired],
    [
      'a text beside an image without alt',
      { type: 'textImage', id: 't', html: '<p>x</p>', image: '/uploads/a.png' },
      'imageAlt',
      M.altRequired,
    ],
    ['an empty rich text', { type: 'richText', id: 'r', html: '' }, 'html', M.textRequired],
    [
      'a call to action with a data: link',
      { type: 'cta', id: 'c', heading: 'H', button: { label: 'L', href: 'data:text/html,x' } },
      'button.href',
      M.linkInvalid,
    ],
    [
      'an FAQ item without question',
      { type: 'faq', id: 'f', items: [{ question: '', answer: 'A' }] },
      'items.0.question',
      M.questionRequired,
    ],
    [
      'an FAQ item without answer',
      { type: 'faq', id: 'f', items: [{ question: 'Q', answer: '' }] },
      'items.0.answer',
      M.answerRequired,
    ],
    [
      'a feature without title',
      { type: 'features', id: 'f', items: [{ title: '' }] },
      'items.0.title',
      M.headingRequired,
    ],
    [
      'a posts block of an unknown kind',
      { type: 'posts', id: 'p', source: { kind: 'month', id: '1' } },
      'source.kind',
      M.sourceInvalid,
    ],
    [
      'a posts block of 13 posts',
      { type: 'posts', id: 'p', source: { kind: 'tag', id: '1' }, limit: 13 },
      'limit',
      M.limitInvalid,
    ],
    ['an unknown landing section', { type: 'landing', id: 'l', section: 'about' }, 'section', M.sectionInvalid],
    ['a bad id', { type: 'contact', id: 'a b' }, 'id', M.badId],
    ['a long heading', hero({ heading: 'x'.repeat(201) }), 'heading', M.tooLong(200)],
  ])('refuse %s with its message', (_name, input, path, message) => {
    expect(messages(input)[path]).toBe(message);
  });

  it('refuse an unknown block type', () => {
    expect(messages({ type: 'video', id: 'v' })['type']).toBe(M.unknownType);
  });

  it('take a site path and http(s) addresses as links', () => {
    for (const href of ['/careers', '/blogs/news?x=1#y', 'https://example.com/a', 'http://example.com'])
      expect(messages(hero({ buttons: [{ label: 'Go', href }] }))).toEqual({});
  });

  it('refuse two blocks with one id, a second contact form, subscribe box or landing section', () => {
    const contact = { type: 'contact', id: 'a' };
    const ids = pageBlocksSchema.safeParse([contact, { ...contact, type: 'subscribe' }]);
    expect(ids.error?.issues[0]?.message).toBe(M.badId);
    const twice = pageBlocksSchema.safeParse([
      contact,
      { type: 'contact', id: 'b' },
      { type: 'landing', id: 'c', section: 'team' },
      { type: 'landing', id: 'd', section: 'team' },
      { type: 'landing', id: 'e', section: 'services' },
    ]);
    expect(twice.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['1.type', M.oncePerPage],
      ['3.section', M.oncePerPage],
    ]);
  });

  it('refuse more than 40 blocks', () => {
    const many = Array.from({ length: 41 }, (_, i) => ({ type: 'richText', id: `b${i}`, html: '<p>x</p>' }));
    expect(pageBlocksSchema.safeParse(many).error?.issues[0]?.message).toBe(M.tooManyBlocks(40));
  });
});

describe('cleanBlocks', () => {
  it('sanitises every HTML field as a post is, and leaves the rest as it was', () => {
    const blocks: PageBlock[] = [
      { type: 'richText', id: 'r', html: '<p>hi<script>alert(1)</script></p><a href="javascript:x">a</a>' },
      {
        ...(EVERY_BLOCK[3] as Extract<PageBlock, { type: 'textImage' }>),
        html: '<p onclick="x()">t</p><iframe src="https://evil.example"></iframe>',
      },
      EVERY_BLOCK[0]!,
    ];
    const [rich, textImage, heroBlock] = cleanBlocks(blocks);
    expect(rich).toEqual({ type: 'richText', id: 'r', html: '<p>hi</p><a>a</a>' });
    expect(textImage).toMatchObject({ html: '<p>t</p>', heading: 'Design and engineering together' });
    expect(heroBlock).toBe(blocks[2]);
  });
});

describe('blocksText', () => {
  it('holds every heading, text, caption, question and answer, and no markup', () => {
    const text = blocksText(EVERY_BLOCK);
    for (const words of [
      'We build software that ships',
      'two-week discovery',
      'Our office, where most of the work happens.',
      'Design and engineering together',
      'Ready to start?',
      'Weekly releases',
      'How long does a project take?',
      'Most take three to six months.',
      'From the blog',
      'Write to us',
      'Get our articles',
    ])
      expect(text).toContain(words);
    expect(text).not.toMatch(/<[a-z]/i);
    expect(blocksText([])).toBe('');
  });
});

describe('blocksJsonLd', () => {
  it('is one FAQPage of the questions of all FAQ blocks, or null without any', () => {
    const faq = EVERY_BLOCK.find((block) => block.type === 'faq')!;
    const second = { ...faq, id: 'faq2', items: [{ question: 'Where are you?', answer: 'In the harbour.' }] };
    expect(blocksJsonLd([...EVERY_BLOCK, second])).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        {
          '@type': 'Question',
          name: 'How long does a project take?',
          acceptedAnswer: { '@type': 'Answer', text: 'Most take three to six months.' },
        },
        {
          '@type': 'Question',
          name: 'Do you work with startups?',
          acceptedAnswer: { '@type': 'Answer', text: 'Yes, and with larger companies too.' },
        },
        { '@type': 'Question', name: 'Where are you?', acceptedAnswer: { '@type': 'Answer', text: 'In the harbour.' } },
      ],
    });
    expect(blocksJsonLd(EVERY_BLOCK.filter((block) => block.type !== 'faq'))).toBeNull();
    expect(blocksJsonLd([{ type: 'faq', id: 'f', heading: '', items: [] }])).toBeNull();
  });
});

describe('block forms without JavaScript', () => {
  it('post to their own page naming the form and block, and nothing else is taken for one', () => {
    const action = blockFormAction('/services', 'contact', 'c1');
    expect(action).toBe('/services?form=contact&block=c1#block-c1');
    expect(blockFormOf(`http://site${action}`)).toEqual({ form: 'contact', blockId: 'c1' });
    expect(blockFormOf('http://site/services?form=subscribe&block=s1')).toEqual({ form: 'subscribe', blockId: 's1' });
    expect(blockFormOf('http://site/services')).toBeNull();
    expect(blockFormOf('http://site/services?form=login&block=c1')).toBeNull();
    expect(blockFormOf('http://site/services?form=contact&block=a%20b')).toBeNull();
  });
});
