import { ProgressBar } from 'react-bootstrap';

/**
 * A progress bar whose bar itself carries the name and the words (react-bootstrap puts extra props of the
 * outer ProgressBar on its wrapper, not on the element with role="progressbar", so the bar is a child).
 */
export function Progress({ share, label, words }: { share: number | null; label: string; words: string }) {
  // null: work whose size is not known (Undo): a full moving bar, told in words only.
  const percent = share === null ? 100 : Math.max(0, Math.min(100, Math.round(share * 100)));
  return (
    <ProgressBar className="mb-2" style={{ height: '1.25rem' }}>
      <ProgressBar
        now={percent}
        label={share === null ? '' : `${percent}%`}
        aria-label={label}
        aria-valuetext={share === null ? words : `${words} (${percent}%)`}
        animated={share === null || percent < 100}
        striped
      />
    </ProgressBar>
  );
}
