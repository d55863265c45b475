import type { ImportSource, SourceDoc, ZipArchive } from '#server/modules/site-import/source.ts';
import { BundledImages } from './bundled-image';
import { attachmentProblems, classify, mapItem } from './doc';
import { scanWxr, type WxrIndex } from './scan';
import { readWxr } from './wxr-parser';

/**
 * A WordPress export (Tools → Export → All content, a WXR file) as an import source
 * (server/modules/site-import/source.ts, docs/decisions/0038-import.md), with the uploads folder zipped
 * beside it when the person sent one. The file is read as a stream: once for the summary (kept, with the
 * attachments and page tree the documents need), then once per call of `docs()`.
 */
export function openWordPress(file: { xmlPath: string; uploadsZip?: ZipArchive | null }): ImportSource {
  let scanned: Promise<WxrIndex> | null = null;
  const scan = () => (scanned ??= scanWxr(file.xmlPath));
  const bundled = new BundledImages(file.uploadsZip ?? null);

  async function* docs(): AsyncGenerator<SourceDoc> {
    const { context, attachments } = await scan();
    for await (const event of readWxr(file.xmlPath)) {
      if (event.kind !== 'item') continue;
      const kind = classify(event.item);
      if (kind !== 'post' && kind !== 'page') continue;
      const mapped = mapItem(event.item, kind, context);
      mapped.doc.problems.push(...attachmentProblems(mapped, attachments));
      yield mapped.doc;
    }
  }

  return {
    summary: async () => (await scan()).summary,
    docs,
    // WordPress has no newsletter subscribers of its own.
    async *subscribers() {},
    bundledImage: (url, maxBytes) => bundled.read(url, maxBytes),
    close: async () => file.uploadsZip?.close(),
  };
}
