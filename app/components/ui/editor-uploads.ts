import type { EditorOptions } from 'tinymce';
import { MESSAGES } from '#shared/messages.ts';
import { uploadImage } from '#shared/api/uploads.ts';
import { ApiError, call } from '#app/lib/api-client.ts';

/**
 * TinyMCE's upload hook for pasted, dropped and dialog-chosen images: the file goes to the same upload
 * endpoint as every image field and the editor references it by address, so no `data:` URL is ever
 * saved. A refusal (a HEIC photo, a file too large) shows the server's reason in the editor's notice and
 * takes the image back out.
 */
export const uploadEditorImage: EditorOptions['images_upload_handler'] = async (blobInfo) => {
  const form = new FormData();
  form.append('image', blobInfo.blob(), blobInfo.filename());
  try {
    const { url } = await call(uploadImage, { body: form });
    return url;
  } catch (err) {
    // TinyMCE reads `message` and `remove` from the rejection (its UploadFailure).
    throw { message: err instanceof ApiError ? err.message : MESSAGES.uploadFailed, remove: true };
  }
};
