import { GHOST_IMPORT_MESSAGES as M } from '#shared/messages.ts';
import type {
  ImportSource,
  SourceDoc,
  SourceProblem,
  SourceSubscriber,
  SourceSummary,
  ZipArchive,
} from '#server/modules/site-import/source.ts';
import { GhostBundledImages } from './bundled-image';
import { isoDate } from './dates';
import { kindOf, mapPost } from './doc';
import type { GhostExport } from './export-types';
import { loadFromZip, loadJsonFile } from './load';
import { membersOfZip } from './members-csv';
import { readSite, type GhostSite } from './site';

/** The summary keeps this many problems, then one "… and N more" (as the WordPress reader). */
const MAX_PROBLEMS = 1000;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * A Ghost export (Settings → Advanced → Import/Export → Export content) as an import source
 * (server/modules/site-import/source.ts, docs/decisions/0038-import.md): the JSON file, or a ZIP holding it
 * beside `content/images/`, or the JSON with such a ZIP for its images. Unlike a WordPress export the file is
 * one JSON document, so it is parsed whole once (at most MAX_JSON_BYTES, load.ts) and kept while the
 * source is open. `siteUrl`: the old site's address when the person gave it, since exports rarely hold it.
 */
export function openGhost(file: { jsonPath?: string; zip?: ZipArchive; siteUrl?: string }): ImportSource {
  let loaded: Promise<{
    ghost: GhostExport;
    site: GhostSite;
    exportedOn: string;
    members: SourceSubscriber[];
    memberProblems: string[];
  }> | null = null;
  const load = () =>
    (loaded ??= (async () => {
      const ghost = file.jsonPath ? await loadJsonFile(file.jsonPath) : await loadFromZip(requireZip(file.zip));
      const exportedOn = isoDate(ghost.exportedOn) ?? new Date(0).toISOString();
      // Members: in the JSON of older exports; Ghost 5 exports them apart, as a CSV in the ZIP (members-csv.ts).
      const fromCsv = await membersOfZip(file.zip ?? null);
      const members = [...membersOfJson(ghost), ...fromCsv.members];
      return { ghost, site: readSite(ghost, file.siteUrl), exportedOn, members, memberProblems: fromCsv.problems };
    })());
  const bundled = new GhostBundledImages(file.zip ?? null);

  async function* docs(): AsyncGenerator<SourceDoc> {
    const { ghost, site, exportedOn } = await load();
    for (const post of ghost.data.posts) yield mapPost(post, site, exportedOn);
  }

  async function summary(): Promise<SourceSummary> {
    const { ghost, site, exportedOn, members, memberProblems } = await load();
    const problems: SourceProblem[] = [...site.fileProblems, ...memberProblems].map((message) => ({
      item: M.fileItem,
      message,
    }));
    const images = new Set<string>();
    const counts = { posts: 0, pages: 0 };
    let dropped = 0;
    for (const post of ghost.data.posts) {
      const doc = mapPost(post, site, exportedOn);
      counts[doc.kind === 'page' ? 'pages' : 'posts'] += 1;
      for (const image of doc.images) images.add(image);
      const title = doc.title || M.untitled;
      const item = kindOf(post) === 'page' ? M.pageItem(title, doc.key) : M.postItem(title, doc.key);
      for (const message of doc.problems) {
        if (problems.length < MAX_PROBLEMS) problems.push({ item, message });
        else dropped += 1;
      }
    }
    for (const author of site.authors) if (author.avatarUrl) images.add(author.avatarUrl);
    if (dropped > 0) problems.push({ item: M.fileItem, message: M.moreProblems(dropped) });
    return {
      kind: 'ghost',
      siteUrl: site.siteUrl,
      siteTitle: site.siteTitle,
      authors: site.authors,
      terms: site.terms,
      images: [...images],
      counts: {
        ...counts,
        comments: ghost.data.comments?.length ?? 0,
        subscribers: members.length,
        attachments: 0,
        skipped: 0,
      },
      archives: site.archives,
      problems,
    };
  }

  async function* subscribers(): AsyncGenerator<SourceSubscriber> {
    yield* (await load()).members;
  }

  return {
    summary,
    docs,
    subscribers,
    bundledImage: (url, maxBytes) => bundled.read(url, maxBytes),
    close: async () => file.zip?.close(),
  };
}

/** The members in the JSON: only older exports hold them (members-csv.ts). */
function membersOfJson(ghost: GhostExport): SourceSubscriber[] {
  return (ghost.data.members ?? []).flatMap((member): SourceSubscriber[] => {
    const email = text(member.email).trim();
    if (!email) return [];
    const off = member.subscribed === false || member.subscribed === 0 || Boolean(member.email_disabled);
    return [
      {
        email,
        name: text(member.name),
        status: off ? 'unsubscribed' : 'subscribed',
        createdAt: isoDate(member.created_at),
      },
    ];
  });
}

function requireZip(zip: ZipArchive | undefined): ZipArchive {
  // openImportSource always passes one or the other; without either there is nothing to read.
  if (!zip) throw new Error('openGhost needs jsonPath or zip');
  return zip;
}
