import { useLocation } from 'react-router';
import type { BlockOf } from '#shared/page-blocks.ts';
import { SubscribeBox } from '#app/features/blog/SubscribeBox.tsx';
import { BLOCK_FORM, blockFormAction, type SubscribeAnswer } from '#app/features/page-blocks/block-form.ts';

/**
 * The blog's subscribe box (same component, same API call) under the block's own words; it subscribes to
 * every post, as the box on /blogs does. Without JavaScript it posts to this page (../block-action.server.ts).
 */
export function SubscribeBlock({
  block,
  anchor,
  posted,
}: {
  block: BlockOf<'subscribe'>;
  anchor: string;
  posted: SubscribeAnswer | undefined;
}) {
  const { pathname } = useLocation();
  return (
    <div id={anchor} className="page-block">
      <div className="container page-block-subscribe">
        <SubscribeBox
          heading={block.heading || 'STAY IN THE KNOW'}
          text={block.text}
          action={blockFormAction(pathname, BLOCK_FORM.subscribe, block.id)}
          posted={posted?.step === 'form' ? posted.posted : undefined}
          sent={posted?.step === 'done'}
          className="subscribe-box page-subscribe card card-body"
          headingClassName="h4"
        />
      </div>
    </div>
  );
}
