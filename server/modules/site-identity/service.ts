import { IDENTITY_MESSAGES } from '#shared/messages.ts';
import { defaultIdentity, identitySchema, type SiteIdentity } from '#shared/schemas/site-identity.ts';
import type { MediaUsage } from '#shared/api/uploads.ts';
import type { Db } from '#server/db/database.ts';
import { InvalidInputError } from '#server/errors.ts';
import type { ActivityRecorder } from '#server/modules/activity/service.ts';
import type { Actor, RevisionService } from '#server/modules/revisions/service.ts';
import type { SiteMeta } from '#server/modules/site-meta/service.ts';

/** The stored identity is one site setting (a JSON text kept by the site-meta module): none means SITE_NAME and nothing else. */
const SETTING = 'identity';
/** Its history is kept as revisions of this one document (docs/product.md#revisions). */
export const IDENTITY_DOC = { type: 'identity', id: 'site' } as const;

/**
 * The site's identity (docs/product.md#site-identity, docs/decisions/0033-site-identity.md): its name
 * (SITE_NAME only until the first save), logos, favicon, accent colour, footer line, company details and
 * profiles. Every public page and e-mail reads it through `current()`, kept in memory per content version: a
 * save bumps the version, so every process's page cache and this copy are renewed at once.
 */
export function createSiteIdentity(deps: {
  db: Db;
  siteMeta: SiteMeta;
  revisions: RevisionService;
  activity: ActivityRecorder;
  /** SITE_NAME: the name until one is saved. */
  defaultName: string;
  /** Whether the favicon image's icons were made (server/modules/uploads). */
  hasFaviconIcons: (source: string) => Promise<boolean>;
}) {
  const { db, siteMeta } = deps;
  let cached: { version: number; identity: SiteIdentity } | null = null;

  /** The stored identity over the defaults; a stored value that no longer parses counts as never saved. */
  async function read(trx: Db = db): Promise<SiteIdentity> {
    const fallback = defaultIdentity(deps.defaultName);
    const text = await (trx === db ? siteMeta.readSetting(SETTING) : siteMeta.readSettingIn(trx, SETTING));
    if (text === undefined) return fallback;
    try {
      const stored = JSON.parse(text) as Partial<SiteIdentity>;
      const parsed = identitySchema.safeParse({
        ...fallback,
        ...stored,
        company: { ...fallback.company, ...stored.company },
      });
      return parsed.success ? parsed.data : fallback;
    } catch {
      return fallback;
    }
  }

  return {
    /** What is saved now (the admin screen). */
    get: () => read(),

    /** The identity at this content version (the current one when none is given), read once per version. */
    async current(version?: number): Promise<SiteIdentity> {
      const at = version ?? (await siteMeta.contentVersion.current());
      if (cached && cached.version === at) return cached.identity;
      const identity = await read();
      // A newer version may have been cached meanwhile by another request: keep the newest.
      if (!cached || cached.version <= at) cached = { version: at, identity };
      return identity;
    },

    /**
     * The name the site goes by, without waiting (e-mails, sign-in screens, MAIL_FROM's display name): the
     * copy of the current content version. When the version moved on, the copy is renewed in the background
     * and this answers the last one read (start-up reads it once: `warm`).
     */
    nameNow(): string {
      const version = siteMeta.contentVersion.peek();
      if (!cached || version === undefined || cached.version !== version) this.current().catch(() => undefined);
      return cached?.identity.name ?? deps.defaultName;
    },

    /**
     * Where the media library's upload matching `like` (`%/uploads/<stem>.%`) is used here: an image of the
     * identity is not deleted while it is in use.
     */
    async imageUsage(like: string): Promise<MediaUsage[]> {
      const part = like.replace(/^%|%$/g, '');
      const { logoLight, logoDark, favicon, shareImage } = await read();
      const used = [logoLight, logoDark, favicon, shareImage].some((url) => url?.includes(part));
      return used ? [{ kind: 'identity', label: IDENTITY_MESSAGES.title, path: '/admin/settings/site' }] : [];
    },

    /** Reads the identity once at start-up, so that the first e-mail already has the saved name. */
    warm: async () => {
      cached = { version: await siteMeta.contentVersion.current(), identity: await read() };
    },

    /**
     * Saves the identity as a whole: a revision (undone by restoring the one before), a line in the
     * activity log, and a content-version bump in the same transaction.
     */
    async save(input: SiteIdentity, actor: Actor, action: 'save' | 'restore' = 'save'): Promise<SiteIdentity> {
      if (input.favicon && !(await deps.hasFaviconIcons(input.favicon))) {
        throw new InvalidInputError(IDENTITY_MESSAGES.faviconMissing, 'favicon');
      }
      await db.transaction().execute(async (trx) => {
        const before = await read(trx);
        // The first save records what was shown before it, so that it too can be restored.
        await deps.revisions.recordBaseline(trx, { ...IDENTITY_DOC, data: { ...before } });
        await siteMeta.writeSetting(SETTING, JSON.stringify(input), trx);
        const changed = await deps.revisions.record(trx, { ...IDENTITY_DOC, data: { ...input } }, actor, action);
        if (changed?.length) {
          await deps.activity.record(trx, {
            action: 'settings.changed',
            actor,
            target: { type: 'settings', id: null, label: IDENTITY_MESSAGES.title },
            detail: { changed: changed.join(', '), ...(action === 'restore' ? { restored: true } : {}) },
          });
        }
        await siteMeta.bumpContentVersion(trx);
      });
      const version = await siteMeta.contentVersion.refresh();
      const saved = await read();
      if (!cached || cached.version <= version) cached = { version, identity: saved };
      return saved;
    },
  };
}
export type SiteIdentityService = ReturnType<typeof createSiteIdentity>;
