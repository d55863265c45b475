import type { PageBlock } from '#shared/page-blocks.ts';
import { CtaFields } from './CtaFields';
import { FaqFields } from './FaqFields';
import { FeaturesFields } from './FeaturesFields';
import { FormBlockFields } from './FormBlockFields';
import { HeroFields } from './HeroFields';
import { ImageFields } from './ImageFields';
import { LandingFields } from './LandingFields';
import { PostsFields } from './PostsFields';
import { RichTextFields } from './RichTextFields';
import { TextImageFields } from './TextImageFields';

/** The fields of one block, by its type. */
export function BlockFields({ block, onChange }: { block: PageBlock; onChange: (block: PageBlock) => void }) {
  switch (block.type) {
    case 'hero':
      return <HeroFields block={block} onChange={onChange} />;
    case 'richText':
      return <RichTextFields block={block} onChange={onChange} />;
    case 'image':
      return <ImageFields block={block} onChange={onChange} />;
    case 'textImage':
      return <TextImageFields block={block} onChange={onChange} />;
    case 'cta':
      return <CtaFields block={block} onChange={onChange} />;
    case 'features':
      return <FeaturesFields block={block} onChange={onChange} />;
    case 'faq':
      return <FaqFields block={block} onChange={onChange} />;
    case 'posts':
      return <PostsFields block={block} onChange={onChange} />;
    case 'contact':
    case 'subscribe':
      return <FormBlockFields block={block} onChange={onChange} />;
    case 'landing':
      return <LandingFields block={block} onChange={onChange} />;
  }
}
