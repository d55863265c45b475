import { getPolicies } from '#shared/api/policies.ts';
import type { DataOf } from '#shared/api/endpoint.ts';
import { call } from '#app/lib/api-client.ts';

export type PolicyTexts = DataOf<typeof getPolicies>;

let texts: Promise<PolicyTexts> | null = null;

/**
 * The privacy and terms texts, fetched the first time a modal opens and kept for the rest of the visit:
 * they are long and rarely read, so pages do not carry them (docs/decisions/0014-first-paint.md). A failed
 * fetch is forgotten, so opening the modal again tries again.
 */
export function loadPolicyTexts(): Promise<PolicyTexts> {
  texts ??= call(getPolicies).catch((error: unknown) => {
    texts = null;
    throw error;
  });
  return texts;
}
