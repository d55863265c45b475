import { useRef } from 'react';
import type { DataOf } from '#shared/api/endpoint.ts';
import { replaceImportImage } from '#shared/api/imports.ts';
import { uploadImage } from '#shared/api/uploads.ts';
import { IMPORT_UI_MESSAGES as T } from '#shared/messages.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { call } from '#app/lib/api-client.ts';
import { useSubmit } from '#app/lib/use-submit.ts';

type Line = DataOf<typeof replaceImportImage>;

/**
 * "Upload a replacement" on a failed image's report line (docs/product.md#import): the chosen file goes to
 * the media library like any upload, then the import points its posts and pages at it; the server's
 * message is told when either step refuses (a HEIC photo, a line another tab replaced first).
 */
export function ReplaceImageButton({
  importId,
  line,
  onReplaced,
}: {
  importId: string;
  line: Line;
  onReplaced: (next: Line) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const replacing = useSubmit();

  const replace = async (file: File | undefined) => {
    if (!file) return;
    const answer: { next?: Line } = {};
    await replacing.run(
      async () => {
        const form = new FormData();
        form.append('image', file);
        const { url } = await call(uploadImage, { body: form });
        answer.next = await call(replaceImportImage, { params: { id: importId }, body: { key: line.key, url } });
      },
      { success: T.imageReplaced },
    );
    // The same file chosen again (after a refusal) must fire a change.
    if (input.current) input.current.value = '';
    if (answer.next) onReplaced(answer.next);
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="d-none"
        aria-label={T.replaceImageLabel(line.label)}
        data-testid="import-replace-input"
        onChange={(e) => void replace(e.target.files?.[0])}
      />
      <SpinnerButton
        variant="outline-primary"
        size="sm"
        className="mt-1"
        loading={replacing.busy}
        aria-label={T.replaceImageLabel(line.label)}
        onClick={() => input.current?.click()}
      >
        {T.replaceImage}
      </SpinnerButton>
    </>
  );
}
