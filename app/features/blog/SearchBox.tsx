import { Form } from 'react-router';
import { SEARCH_MESSAGES } from '#shared/messages.ts';
import { MAX_QUERY_LENGTH } from '#shared/schemas/search.ts';

/**
 * The blog's search box (docs/product.md#search): a plain GET form to /search, so it works before (and
 * without) JavaScript; with it, React Router navigates without a full load.
 */
export function SearchBox({
  id,
  query = '',
  className = '',
  onSearch,
}: {
  id: string;
  query?: string;
  className?: string;
  onSearch?: () => void;
}) {
  return (
    <Form method="get" action="/search" role="search" className={`blog-search ${className}`} onSubmit={onSearch}>
      <label htmlFor={id} className="visually-hidden">
        {SEARCH_MESSAGES.label}
      </label>
      <div className="input-group">
        <input
          id={id}
          type="search"
          name="q"
          className="form-control"
          placeholder={SEARCH_MESSAGES.placeholder}
          defaultValue={query}
          key={query}
          maxLength={MAX_QUERY_LENGTH}
          required
          enterKeyHint="search"
        />
        <button type="submit" className="btn btn-primary">
          {SEARCH_MESSAGES.button}
        </button>
      </div>
    </Form>
  );
}
