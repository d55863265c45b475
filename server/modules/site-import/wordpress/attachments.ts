/**
 * What the content conversion needs to know of the export's media library: an attachment by id (galleries,
 * featured images), the attachments of a post (a `[gallery]` without ids) and the original of a resized
 * image address (`photo-300x200.jpg` → the attachment's own address).
 */
export interface Attachment {
  id: string;
  url: string;
  alt: string;
  caption: string;
}

export interface AttachmentLookup {
  byId(id: string): Attachment | undefined;
  childrenOf(postId: string): Attachment[];
  original(url: string): string;
}

/** `host/path` without the scheme, WordPress's size suffix or its `-scaled`/`-rotated` marks: what identifies an upload. */
function uploadKey(url: string, withoutSize: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  let path = parsed.pathname;
  if (withoutSize) {
    const sized = path.replace(/-\d+x\d+(\.[a-z0-9]+)$/i, '$1');
    if (sized === path) return null;
    path = sized;
  }
  return `${parsed.host.toLowerCase()}${path.replace(/-(?:scaled|rotated)(\.[a-z0-9]+)$/i, '$1')}`;
}

/** The media library of one export, filled while the file is read once. */
export class AttachmentIndex implements AttachmentLookup {
  private readonly ids = new Map<string, Attachment>();
  private readonly keys = new Map<string, string>();
  private readonly children = new Map<string, Attachment[]>();

  add(attachment: Attachment, parentId: string) {
    this.ids.set(attachment.id, attachment);
    const key = uploadKey(attachment.url, false);
    if (key) this.keys.set(key, attachment.url);
    if (parentId && parentId !== '0') {
      const list = this.children.get(parentId) ?? [];
      list.push(attachment);
      this.children.set(parentId, list);
    }
  }

  get size() {
    return this.ids.size;
  }

  byId(id: string) {
    return this.ids.get(id);
  }

  childrenOf(postId: string) {
    return this.children.get(postId) ?? [];
  }

  original(url: string): string {
    const exact = uploadKey(url, false);
    const own = exact ? this.keys.get(exact) : undefined;
    if (own) return own;
    const unsized = uploadKey(url, true);
    return (unsized && this.keys.get(unsized)) || url;
  }
}

/**
 * While the file is read the first time, attachments named by a post may come later in the file: the
 * summary's pass converts content with stand-ins (addresses on `.invalid`, which no site has) and puts the
 * real addresses in at the end (./scan.ts).
 */
export const STAND_IN_HOST = 'wp-attachment.invalid';
export const standInLookup: AttachmentLookup = {
  byId: (id) => ({ id, url: `https://${STAND_IN_HOST}/id/${id}`, alt: '', caption: '' }),
  childrenOf: (postId) => [{ id: '', url: `https://${STAND_IN_HOST}/children/${postId}`, alt: '', caption: '' }],
  original: (url) => url,
};
