/**
 * The parts of a Ghost export the reader uses (Ghost's exporter writes every table of its database as
 * `db[0].data.<table>`; ghost/core/core/server/data/exporter). Every field is optional: exports of Ghost 0.x
 * to 5.x differ (`page: true` before `type`, `meta_title` on the post before `posts_meta`, no
 * `posts_authors` before 1.22), and a hand-edited file may lack anything.
 */

export type GhostDate = string | number | null | undefined;

export interface GhostPost {
  id?: string | number;
  uuid?: string;
  title?: string | null;
  slug?: string | null;
  html?: string | null;
  mobiledoc?: string | null;
  lexical?: string | null;
  feature_image?: string | null;
  type?: string | null;
  page?: boolean | number | null;
  status?: string | null;
  visibility?: string | null;
  author_id?: string | number | null;
  custom_excerpt?: string | null;
  meta_title?: string | null;
  meta_description?: string | null;
  created_at?: GhostDate;
  updated_at?: GhostDate;
  published_at?: GhostDate;
}

export interface GhostLink {
  post_id?: string | number;
  author_id?: string | number;
  tag_id?: string | number;
  sort_order?: number | null;
}

interface GhostPostMeta {
  post_id?: string | number;
  meta_title?: string | null;
  meta_description?: string | null;
}

interface GhostTag {
  id?: string | number;
  name?: string | null;
  slug?: string | null;
  visibility?: string | null;
}

interface GhostUser {
  id?: string | number;
  name?: string | null;
  slug?: string | null;
  email?: string | null;
  bio?: string | null;
  website?: string | null;
  profile_image?: string | null;
}

interface GhostMember {
  email?: string | null;
  name?: string | null;
  subscribed?: boolean | number | null;
  email_disabled?: boolean | number | null;
  created_at?: GhostDate;
}

interface GhostSetting {
  key?: string;
  value?: unknown;
}

export interface GhostData {
  posts: GhostPost[];
  posts_authors?: GhostLink[];
  posts_tags?: GhostLink[];
  posts_meta?: GhostPostMeta[];
  tags?: GhostTag[];
  users?: GhostUser[];
  members?: GhostMember[];
  settings?: GhostSetting[];
  comments?: unknown[];
}

export interface GhostExport {
  exportedOn: GhostDate;
  data: GhostData;
}
