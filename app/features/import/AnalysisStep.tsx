import { useState } from 'react';
import { Button } from 'react-bootstrap';
import type { ImportSummary } from '#shared/api/imports.ts';
import { IMPORT_UI_MESSAGES as T } from '#shared/messages.ts';

/** The first problems shown; "Show all" lists the rest. */
const FIRST_PROBLEMS = 100;

const COUNTED = [
  'posts',
  'pages',
  'authors',
  'categories',
  'tags',
  'images',
  'attachments',
  'comments',
  'subscribers',
  'skipped',
] as const;

/** Step 2: what the analysis found, counts and every problem with the item it concerns. */
export function AnalysisStep({ summary }: { summary: ImportSummary }) {
  const [allProblems, setAllProblems] = useState(false);
  const problems = allProblems ? summary.problems : summary.problems.slice(0, FIRST_PROBLEMS);
  return (
    <section aria-labelledby="import-analysis-title" className="mb-4">
      <h2 className="h5" id="import-analysis-title">
        {T.analysisTitle}
      </h2>
      <p className="small text-body-secondary text-break">
        {T.from(summary.siteTitle, summary.siteUrl)}. {T.analysisNote}
      </p>
      <div className="row row-cols-2 row-cols-sm-3 row-cols-lg-5 g-2 mb-3" data-testid="import-counts">
        {COUNTED.map((name) => (
          <div className="col" key={name}>
            <dl className="border rounded p-2 h-100 bg-white mb-0">
              <dt className="small fw-normal text-body-secondary">{T.counts[name]}</dt>
              <dd className="h5 mb-0" data-testid={`import-count-${name}`}>
                {summary.counts[name]}
              </dd>
            </dl>
          </div>
        ))}
      </div>
      <h3 className="h6">{summary.problems.length ? T.problemsTitle(summary.problems.length) : T.noProblems}</h3>
      {problems.length ? (
        <ul className="small mb-2 ps-3" data-testid="import-problems">
          {problems.map((problem, index) => (
            <li key={`${index}:${problem.item}`} className="text-break">
              <span className="fw-semibold">{problem.item}</span>: {problem.message}
            </li>
          ))}
        </ul>
      ) : null}
      {!allProblems && summary.problems.length > FIRST_PROBLEMS ? (
        <Button size="sm" variant="outline-secondary" onClick={() => setAllProblems(true)}>
          {T.showAllProblems(summary.problems.length)}
        </Button>
      ) : null}
    </section>
  );
}
