import { WORDPRESS_IMPORT_MESSAGES as M } from '#shared/messages.ts';
import type { SourceAuthor, SourceSummary, SourceTerm } from '#server/modules/site-import/source.ts';
import { AttachmentIndex, STAND_IN_HOST, standInLookup } from './attachments';
import { attachmentProblems, classify, mapItem, type DocContext } from './doc';
import { absoluteUrl } from './images';
import { archivePaths } from './old-paths';
import { ProblemList } from './problems';
import { detach, nicenameOf, plainText } from './text';
import { readWxr } from './wxr-parser';
import type { RawItem } from './wxr-records';

/**
 * The first of the two passes over an export (server/modules/site-import/source.ts): the summary for the
 * analysis screen, and the little that the second pass (`docs()`) needs of the whole file — attachments,
 * which may come after the posts that show them, and pages' parents. Each post is converted here too, so
 * that the summary's images and problems are those the documents will have; only their addresses and
 * messages are kept.
 */

export interface WxrIndex {
  summary: SourceSummary;
  context: DocContext;
  attachments: AttachmentIndex;
}

interface AuthorEntry extends SourceAuthor {
  id: string;
  declared: boolean;
}

interface TermEntry extends SourceTerm {
  id: string;
  parent: string;
}

const withoutSlash = (url: string) => url.trim().replace(/\/+$/, '');

function homePathOf(siteUrl: string): string {
  try {
    return new URL(`${siteUrl}/`).pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

export async function scanWxr(path: string): Promise<WxrIndex> {
  const channel = { title: '', link: '', baseSite: '', baseBlog: '' };
  const authors = new Map<string, AuthorEntry>();
  const terms = new Map<string, TermEntry>();
  const attachments = new AttachmentIndex();
  const pages = new Map<string, { slug: string; parent: string }>();
  const counts = { posts: 0, pages: 0, comments: 0, subscribers: 0, attachments: 0, skipped: 0 };
  const problems = new ProblemList();
  const found = new Set<string>();
  const deferred: { order: number; label: string; galleryIds: string[]; featureId: string | null }[] = [];

  const siteUrl = () => withoutSlash(channel.baseBlog || channel.link || channel.baseSite);
  const context: DocContext = {
    get siteTitle() {
      return channel.title;
    },
    get mediaBase() {
      return withoutSlash(channel.baseSite) || siteUrl();
    },
    get homePath() {
      return homePathOf(siteUrl());
    },
    lookup: standInLookup,
    declaredAuthor: (login) => authors.get(login)?.declared === true,
    ancestors: (pageId) => {
      const slugs: string[] = [];
      const seen = new Set<string>();
      for (let page = pages.get(pageId); page && !seen.has(pageId); page = pages.get(pageId)) {
        seen.add(pageId);
        slugs.unshift(page.slug);
        pageId = page.parent;
      }
      return slugs;
    },
  };

  const addTerm = (kind: 'category' | 'tag', slug: string, name: string, id = '', parent = '') => {
    if (!slug || terms.has(`${kind}:${slug}`)) return;
    terms.set(`${kind}:${slug}`, { kind, key: slug, name: plainText(name) || slug, slug, id, parent });
  };

  const onItem = (item: RawItem, order: number) => {
    const kind = classify(item);
    if (item.type === 'page') pages.set(item.id, { slug: item.slug, parent: item.parent });
    if (kind === 'attachment') {
      counts.attachments += 1;
      const url = absoluteUrl(item.attachmentUrl, context.mediaBase);
      if (url) {
        const alt = item.meta.get('_wp_attachment_image_alt') ?? '';
        attachments.add({ id: item.id, url, alt: plainText(alt), caption: plainText(item.excerpt) }, item.parent);
      } else problems.add(order, 0, M.attachmentItem(item.id), M.attachmentWithoutUrl);
      return;
    }
    if (kind === 'skip') {
      counts.skipped += 1;
      return;
    }
    if (kind === 'post') counts.posts += 1;
    else counts.pages += 1;
    counts.comments += item.comments;
    if (item.creator && !authors.has(item.creator)) {
      const slug = nicenameOf(item.creator);
      authors.set(item.creator, {
        key: item.creator,
        name: item.creator,
        email: null,
        slug,
        bio: '',
        website: '',
        avatarUrl: null,
        id: '',
        declared: false,
      });
    }
    for (const term of item.terms) {
      if (term.domain === 'category') addTerm('category', term.slug, term.name);
      else if (term.domain === 'post_tag') addTerm('tag', term.slug, term.name);
    }
    const mapped = mapItem(item, kind, context);
    mapped.doc.problems.forEach((message, seq) => problems.add(order, seq, mapped.label, message));
    for (const image of mapped.doc.images) if (!found.has(image)) found.add(detach(image));
    if (mapped.galleryIds.length > 0 || mapped.featureId)
      deferred.push({
        order,
        label: detach(mapped.label),
        galleryIds: mapped.galleryIds.map(detach),
        featureId: mapped.featureId,
      });
  };

  let order = 0;
  for await (const event of readWxr(path)) {
    if (event.kind === 'channel') {
      if (event.name === 'title') channel.title = plainText(event.value);
      else if (event.name === 'link') channel.link = event.value;
      else if (event.name === 'wp:base_site_url') channel.baseSite = event.value;
      else if (event.name === 'wp:base_blog_url') channel.baseBlog = event.value;
    } else if (event.kind === 'author') {
      const { author } = event;
      if (!author.login) continue;
      const fullName = `${author.firstName} ${author.lastName}`.trim();
      authors.set(author.login, {
        key: author.login,
        name: plainText(author.displayName) || fullName || author.login,
        email: author.email || null,
        slug: nicenameOf(author.login),
        bio: '',
        website: '',
        avatarUrl: null,
        id: author.id,
        declared: true,
      });
    } else if (event.kind === 'term') {
      const { term } = event;
      addTerm(term.kind, term.slug, term.name, term.id, term.parent);
    } else {
      order += 1;
      onItem(event.item, order);
    }
  }

  // The stand-ins of the content and feature images, now that every attachment is known.
  const images = new Set<string>();
  for (const url of found) {
    const standIn = url.startsWith(`https://${STAND_IN_HOST}/`) ? url.slice(`https://${STAND_IN_HOST}/`.length) : null;
    if (standIn?.startsWith('id/')) {
      const attachment = attachments.byId(standIn.slice(3));
      if (attachment) images.add(attachment.url);
    } else if (standIn?.startsWith('children/')) {
      for (const attachment of attachments.childrenOf(standIn.slice(9))) images.add(attachment.url);
    } else images.add(attachments.original(url));
  }
  const late = deferred.flatMap((entry) =>
    attachmentProblems(entry, attachments).map((message, seq) => ({
      order: entry.order,
      seq: 100_000 + seq,
      item: entry.label,
      message,
    })),
  );

  const authorList = [...authors.values()];
  const termList = [...terms.values()];
  const summary: SourceSummary = {
    kind: 'wordpress',
    siteUrl: siteUrl(),
    siteTitle: channel.title,
    authors: authorList.map(({ id: _id, declared: _declared, ...author }) => author),
    terms: termList.map(({ id: _id, parent: _parent, ...term }) => term),
    images: [...images],
    counts,
    archives: archivePaths(termList, authorList, context.homePath),
    problems: problems.list(late),
  };
  return { summary, context: { ...contextValues(context), lookup: attachments }, attachments };
}

/** The context with its values fixed, for the second pass. */
function contextValues(context: DocContext): DocContext {
  return {
    siteTitle: context.siteTitle,
    mediaBase: context.mediaBase,
    homePath: context.homePath,
    lookup: context.lookup,
    declaredAuthor: context.declaredAuthor,
    ancestors: context.ancestors,
  };
}
