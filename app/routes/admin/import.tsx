import { Link, useNavigate, useRevalidator } from 'react-router';
import { getImport, listImports, type Import } from '#shared/api/imports.ts';
import { listStaff } from '#shared/api/staff.ts';
import { IMPORT_UI_MESSAGES as T } from '#shared/messages.ts';
import { guardScreen } from '#app/features/admin/account.ts';
import { AnalysisStep } from '#app/features/import/AnalysisStep.tsx';
import { ImportList } from '#app/features/import/ImportList.tsx';
import { MappingForm } from '#app/features/import/MappingForm.tsx';
import { ProgressStep } from '#app/features/import/ProgressStep.tsx';
import { ReportStep } from '#app/features/import/ReportStep.tsx';
import { UploadStep } from '#app/features/import/UploadStep.tsx';
import { useLiveImport, WORKING } from '#app/features/import/use-live-import.ts';
import { ApiError, call } from '#app/lib/api-client.ts';
import type { Route } from './+types/import';

/** The earlier imports, the one `?id=` names (none: the upload step), and the staff when it is to be mapped. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await guardScreen(request);
  const id = new URL(request.url).searchParams.get('id');
  const [imports, current] = await Promise.all([
    call(listImports),
    id
      ? call(getImport, { params: { id } }).catch((err: unknown) => {
          // An old or mistyped link: the upload step, as without an id.
          if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
          throw err;
        })
      : null,
  ]);
  const staff =
    current?.status === 'analysed' || current?.status === 'failed'
      ? (await call(listStaff)).people.filter((person) => person.status === 'active')
      : [];
  return { imports, current, staff };
}
clientLoader.hydrate = true as const;

/** One import from its analysis to its report, following the server's job while it works. */
function CurrentImport({ initial, staff }: { initial: Import; staff: Route.ComponentProps['loaderData']['staff'] }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [current, setCurrent] = useLiveImport(initial, () => void revalidator.revalidate());
  const changed = (next: Import) => {
    setCurrent(next);
    void revalidator.revalidate();
  };
  if (current.status === 'analysed') {
    return (
      <>
        <AnalysisStep summary={current.summary} />
        <MappingForm current={current} staff={staff} onStarted={changed} onDiscarded={() => void navigate('?')} />
      </>
    );
  }
  if (WORKING.has(current.status)) return <ProgressStep current={current} />;
  if (current.status === 'cancelled') return <p className="text-body-secondary">{T.cancelled}</p>;
  return (
    <>
      <ReportStep current={current} onUndoing={changed} onChanged={changed} />
      {current.status === 'failed' ? <MappingForm current={current} staff={staff} onStarted={changed} /> : null}
    </>
  );
}

/**
 * Settings → Import (docs/product.md#import): upload → analysis → choices → the job's progress → the
 * report and Undo, on one screen; `?id=` selects an import, so a reload or a later visit shows its state.
 */
export default function ImportScreen({ loaderData }: Route.ComponentProps) {
  const { imports, current, staff } = loaderData;
  const navigate = useNavigate();
  return (
    <>
      <section className="admin-card mb-4" aria-labelledby="import-title">
        <div className="d-flex flex-wrap gap-2 justify-content-between align-items-center mb-2">
          <h1 className="h3 mb-0" id="import-title">
            {T.title}
          </h1>
          {current ? (
            <Link to="?" className="btn btn-outline-primary btn-sm">
              {T.newImport}
            </Link>
          ) : null}
        </div>
        <p className="text-body-secondary small">{T.intro}</p>
        {current ? (
          <CurrentImport key={current._id} initial={current} staff={staff} />
        ) : (
          <UploadStep onAnalysed={(made) => void navigate(`?id=${encodeURIComponent(made._id)}`)} />
        )}
      </section>
      <ImportList imports={imports} />
    </>
  );
}
