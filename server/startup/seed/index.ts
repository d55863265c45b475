import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Config } from '#server/config.ts';
import type { Services } from '#server/services.ts';
import { generatePassword } from '#server/modules/auth/password.ts';
import type { UploadService } from '#server/modules/uploads/service.ts';
import { seedBlog } from './blog';
import { demoContent } from './content';
import { officeScene, portrait, productScreen, serviceArt } from './images';

/** Stores demo drawings as `<name>-1.png`, `<name>-2.png`, … (the names the media library shows). */
async function storeSvgs(uploads: UploadService, name: string, svgs: string[]): Promise<string[]> {
  const urls: string[] = [];
  for (const [i, svg] of svgs.entries()) {
    // Uploads refuse SVG, so the drawings are rasterised to PNG first, as an editor's upload would be.
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    urls.push((await uploads.storeImage(png, { originalName: `${name}-${i + 1}.png` })).url);
  }
  return urls;
}

/**
 * A start-up task: fills an empty database with demo content, a few blog posts and one administrator;
 * does nothing otherwise. It goes through the services, so seeded data obeys the same rules as edits.
 */
export async function seedIfEmpty(deps: { services: Services; config: Config; log: FastifyBaseLogger }) {
  const { services, config, log } = deps;
  if (!(await services.content.hasContent())) {
    const range = (n: number) => Array.from({ length: n }, (_, i) => i);
    const { uploads } = services;
    const images = {
      portfolio: await storeSvgs(uploads, 'product-screen', range(5).map(productScreen)),
      services: await storeSvgs(uploads, 'service', range(4).map(serviceArt)),
      about: await storeSvgs(uploads, 'office', range(2).map(officeScene)),
      team: await storeSvgs(uploads, 'portrait', range(4).map(portrait)),
    };
    await services.content.createSections(demoContent(config.siteName, images));
    await seedBlog(services.blog, images.portfolio);
    log.info('seeded demo content and blog');
  }
  const password = config.adminPassword ?? generatePassword();
  if (await services.auth.createFirstAdministrator(config.adminEmail, password)) {
    if (config.adminPassword) {
      log.info(`created administrator ${config.adminEmail} with the password from ADMIN_PASSWORD`);
    } else {
      // Printed once, on the first start only: it is stored hashed and cannot be shown again.
      console.log(
        `\n  Administrator account created\n    e-mail:   ${config.adminEmail}\n    password: ${password}\n  Change it after the first login.\n`,
      );
    }
  }
  // The seed writes its posts as the system; they are the Owner's, as every post has an author.
  const owner = await services.auth.ownerId();
  if (owner) await services.blog.adoptAuthorless(owner);
}
