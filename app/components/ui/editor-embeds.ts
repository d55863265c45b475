import type { Editor } from 'tinymce';
import { EMBED_MESSAGES } from '#shared/messages.ts';

/**
 * Videos in the rich-text editor (docs/product.md#blog-post, decision 0029). TinyMCE's media plugin shows
 * an embedded player as `<span class="mce-preview-object" data-mce-p-title=…><iframe></iframe></span>`:
 * the span's `data-mce-p-*` attributes are what is saved, the inner frame is only the preview.
 */
const PREVIEW = 'span.mce-preview-object[data-mce-object="iframe"]';
/** Saved as the iframe's `data-poster`; the sanitiser keeps only addresses of the media library. */
const POSTER_ATTRIBUTE = 'data-mce-p-data-poster';
const OWN_MEDIA = /^\/uploads\/[\w.-]+$/;

/**
 * The preview frames inside the editor get the video's title (or "Embedded video") so that the admin's
 * frames are named too (axe `frame-title`). Only the preview is touched: the saved HTML is not changed.
 */
export function nameEmbedPreviews(editor: Editor) {
  for (const preview of editor.dom.select(PREVIEW)) {
    const frame = preview.querySelector('iframe');
    const title = preview.getAttribute('data-mce-p-title')?.trim() || EMBED_MESSAGES.frameTitle;
    if (frame && frame.getAttribute('title') !== title) frame.setAttribute('title', title);
  }
}

/**
 * "Video title and poster": a button in the toolbar that shows over a selected video. The title names the
 * frame for screen readers and is written on the click-to-play preview; the poster is a picture of the
 * media library shown behind the play button, so the page asks the video's host for nothing until played.
 */
export function registerVideoDetails(editor: Editor) {
  const selectedPreview = () => editor.dom.getParent(editor.selection.getNode(), PREVIEW) as HTMLElement | null;

  const open = () => {
    const preview = selectedPreview();
    if (!preview) return;
    editor.windowManager.open({
      title: EMBED_MESSAGES.detailsTitle,
      body: {
        type: 'panel',
        items: [
          { type: 'input', name: 'title', label: EMBED_MESSAGES.titleLabel },
          { type: 'input', name: 'poster', label: EMBED_MESSAGES.posterLabel },
        ],
      },
      initialData: {
        title: preview.getAttribute('data-mce-p-title') ?? '',
        poster: preview.getAttribute(POSTER_ATTRIBUTE) ?? '',
      },
      buttons: [
        { type: 'cancel', text: 'Cancel' },
        { type: 'submit', text: 'Save', buttonType: 'primary' },
      ],
      onSubmit: (dialog) => {
        const { title, poster } = dialog.getData() as { title: string; poster: string };
        const address = poster.trim();
        if (address && !OWN_MEDIA.test(address)) {
          editor.notificationManager.open({ text: EMBED_MESSAGES.posterRefused, type: 'error', timeout: 6000 });
          return;
        }
        editor.undoManager.transact(() => {
          setOrRemove(preview, 'data-mce-p-title', title.trim());
          setOrRemove(preview, POSTER_ATTRIBUTE, address);
        });
        nameEmbedPreviews(editor);
        editor.nodeChanged();
        dialog.close();
      },
    });
  };

  editor.ui.registry.addButton('videodetails', {
    icon: 'embed',
    tooltip: EMBED_MESSAGES.detailsButton,
    onAction: open,
  });
  editor.ui.registry.addContextToolbar('videodetails', {
    predicate: (node) => editor.dom.is(node, PREVIEW),
    items: 'videodetails',
    position: 'node',
    scope: 'node',
  });
  editor.on('SetContent', () => nameEmbedPreviews(editor));
}

function setOrRemove(element: HTMLElement, name: string, value: string) {
  if (value) element.setAttribute(name, value);
  else element.removeAttribute(name);
}
