import type { BlockOf } from '#shared/page-blocks.ts';
import { presentAccessibly } from '#app/components/rich-text/accessible-content.ts';
import { presentContent } from '#app/features/blog/present-content.ts';
import { RichText } from '#app/components/ui/RichText.tsx';
import { useMediaBase } from '#app/lib/media.ts';

/**
 * Rich text as a post's content shows (app/features/blog/post-page-data.server.ts): sanitised on save
 * (server/lib/page-blocks.ts), its uploads responsive and its tables and videos presented the same way,
 * video previews from the CDN when there is one (<RichText> alone would present them from the site).
 */
export function BlockRichText({ html, className }: { html: string; className?: string }) {
  const mediaBase = useMediaBase();
  const shown = presentAccessibly(presentContent(html, mediaBase), mediaBase);
  return <RichText html={shown} className={`blog-content rich-text ${className ?? ''}`} />;
}

export function RichTextBlock({ block, anchor }: { block: BlockOf<'richText'>; anchor: string }) {
  return (
    <section id={anchor} className="page-block">
      <div className="container page-block-narrow">
        <BlockRichText html={block.html} />
      </div>
    </section>
  );
}
