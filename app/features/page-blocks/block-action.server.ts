import { data, type AppLoadContext } from 'react-router';

/**
 * A page's contact or subscribe block posted without JavaScript (docs/decisions/0028-forms-without-javascript.md):
 * the page route's `action`. SKELETON (contract for the pages module): the page-blocks work fills it in.
 */
export async function blockAction(_args: { request: Request; context: AppLoadContext }) {
  return data(null, { status: 405 });
}
