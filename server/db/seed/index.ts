import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { SECTION_LAYOUT, SECTION_KEYS } from '#shared/schemas/content.ts';
import type { Config } from '#server/config.ts';
import { generatePassword, hashPassword } from '#server/modules/auth/password.ts';
import { countUsers, insertUser } from '#server/modules/auth/user-repository.ts';
import { countSections, writeSection, type ItemRow } from '#server/modules/content/repository.ts';
import type { BlogService } from '#server/modules/blog/service.ts';
import type { UploadService } from '#server/modules/uploads/service.ts';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/database.ts';
import { seedBlog } from './blog';
import { demoContent } from './content';
import { officeScene, portrait, productScreen, serviceArt } from './images';

async function storeSvgs(uploads: UploadService, svgs: string[]): Promise<string[]> {
  const urls: string[] = [];
  // Uploads refuse SVG, so the drawings are rasterised to PNG first, as an editor's upload would be.
  for (const svg of svgs) urls.push((await uploads.storeImage(await sharp(Buffer.from(svg)).png().toBuffer())).url);
  return urls;
}

/** Fills an empty database with demo content, a few blog posts and one administrator; does nothing otherwise. */
export async function seedIfEmpty(deps: {
  db: Db;
  config: Config;
  uploads: UploadService;
  blog: BlogService;
  log: FastifyBaseLogger;
}) {
  const { db, config, uploads, log } = deps;
  if ((await countSections(db)) === 0) {
    const range = (n: number) => Array.from({ length: n }, (_, i) => i);
    const images = {
      portfolio: await storeSvgs(uploads, range(5).map(productScreen)),
      services: await storeSvgs(uploads, range(4).map(serviceArt)),
      about: await storeSvgs(uploads, range(2).map(officeScene)),
      team: await storeSvgs(uploads, range(4).map(portrait)),
    };
    const content = demoContent(config.siteName, images);
    for (const kind of SECTION_KEYS) {
      const { items, ...fields } = content[kind] as Record<string, unknown> & { items?: ItemRow[] };
      const layout = SECTION_LAYOUT[kind];
      await writeSection(db, {
        id: newId(),
        kind,
        fields: Object.fromEntries(layout.fields.map((f) => [f, String(fields[f] ?? '')])),
        items: 'itemFields' in layout ? items : undefined,
      });
    }
    await seedBlog(deps.blog, images.portfolio);
    log.info('seeded demo content and blog');
  }
  if ((await countUsers(db)) === 0) {
    const password = config.adminPassword ?? generatePassword();
    await insertUser(db, {
      email: config.adminEmail,
      name: 'Administrator',
      passwordHash: await hashPassword(password),
    });
    if (config.adminPassword) {
      log.info(`created administrator ${config.adminEmail} with the password from ADMIN_PASSWORD`);
    } else {
      // Printed once, on the first start only: it is stored hashed and cannot be shown again.
      console.log(
        `\n  Administrator account created\n    e-mail:   ${config.adminEmail}\n    password: ${password}\n  Change it after the first login.\n`,
      );
    }
  }
}
