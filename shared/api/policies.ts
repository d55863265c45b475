import { sectionSchemaOf } from '#shared/schemas/content.ts';
import { endpoint } from './endpoint';

/**
 * The privacy policy and terms texts alone: the footer's modals load them when one opens, so no page
 * carries them in its HTML (docs/decisions/0014-first-paint.md).
 */
export const getPolicies = endpoint({
  method: 'GET',
  path: '/policies',
  access: 'public',
  data: sectionSchemaOf('privacyPolicy'),
});
