import { Table } from 'react-bootstrap';
import { EXPORT_MESSAGES } from '#shared/messages.ts';
import { exportSite, exportSummary, exportWxr, type ExportSummary } from '#shared/api/site-export.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { guardScreen } from '#app/features/admin/account.ts';
import { call, download } from '#app/lib/api-client.ts';
import { saveFile } from '#app/lib/save-file.ts';
import { useSubmit } from '#app/lib/use-submit.ts';
import type { Route } from './+types/export';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await guardScreen(request);
  return call(exportSummary);
}
clientLoader.hydrate = true as const;

const today = () => new Date().toISOString().slice(0, 10);

/** 1.5 MB, 320 KB: the size of the uploads the ZIP will carry. */
function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const ROWS: Array<[keyof ExportSummary, string]> = [
  ['posts', 'Posts (not in the trash)'],
  ['pages', 'Pages'],
  ['categories', 'Categories'],
  ['tags', 'Tags'],
  ['authors', 'People of the team'],
  ['redirects', 'Redirects'],
  ['subscribers', 'Subscribers'],
  ['messages', 'Contact messages'],
];

/**
 * Settings → Export (docs/product.md#export): the whole site as one ZIP, and its posts and pages as a
 * WordPress file. Both ask for the password again when the last sign-in is not recent (app/lib/api-client.ts).
 */
export default function ExportPage({ loaderData: summary }: Route.ComponentProps) {
  const site = useSubmit();
  const wxr = useSubmit();
  const downloadSite = () =>
    site.run(async () => saveFile(await download(exportSite), `site-export-${today()}.zip`), {
      success: EXPORT_MESSAGES.siteSaved,
      onFailure: 'generic',
    });
  const downloadWxr = () =>
    wxr.run(async () => saveFile(await download(exportWxr), `wordpress-export-${today()}.xml`), {
      success: EXPORT_MESSAGES.wxrSaved,
      onFailure: 'generic',
    });
  return (
    <section className="admin-card" style={{ maxWidth: 760 }}>
      <h1 className="h3 mb-3">Export</h1>
      <p>
        Take a copy of everything on the site, to keep or to move it elsewhere. Downloads are recorded in the activity
        log.
      </p>

      <h2 className="h5 mt-4">The whole site</h2>
      <p className="mb-2">
        One ZIP file with the landing page, posts, pages, categories, tags, the team (names, public profiles and e-mail
        addresses, never passwords or sign-in factors), redirects, settings, every original image, and the subscribers
        and contact messages as CSV. A manifest lists what it holds with a checksum of every file.
      </p>
      <Table size="sm" className="mb-3" style={{ maxWidth: 420 }} aria-label="What the export holds">
        <tbody>
          {ROWS.map(([key, label]) => (
            <tr key={key}>
              <th scope="row" className="fw-normal">
                {label}
              </th>
              <td className="text-end">{summary[key].toLocaleString('en')}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" className="fw-normal">
              Images
            </th>
            <td className="text-end">
              {summary.uploads.toLocaleString('en')} ({size(summary.uploadBytes)})
            </td>
          </tr>
        </tbody>
      </Table>
      <SpinnerButton onClick={downloadSite} loading={site.busy}>
        Download the site (ZIP)
      </SpinnerButton>

      <h2 className="h5 mt-5">Posts and pages for WordPress</h2>
      <p className="mb-3">
        A WordPress export file (WXR) of the posts and pages with their authors, categories, tags and feature images,
        for WordPress or any tool that reads its files. Images stay on this site: the importing site downloads them from
        here.
      </p>
      <SpinnerButton variant="outline-primary" onClick={downloadWxr} loading={wxr.busy}>
        Download posts and pages (WXR)
      </SpinnerButton>
    </section>
  );
}
