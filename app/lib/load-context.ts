import type { PublicNavigation } from '#shared/navigation.ts';
import type { FormPostContext } from '#server/pages/form-post.ts';
import type { describeError } from '#server/plugins/errors.ts';
import type { Services, SiteInfo } from '#server/services.ts';

/** What the server hands every loader (server/pages/render.ts): services are called directly, no HTTP hop. */
declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    site: SiteInfo;
    /**
     * Marks the inline scripts this render writes (React Router's and React's). The page's
     * Content-Security-Policy allows exactly the scripts carrying it, by hash (server/pages/script-hashes.ts).
     */
    nonce: string;
    /** Status and readable message of a failure a service threw (domain errors, server/errors.ts). */
    describeError: typeof describeError;
    /** The client's address and the API's rate limits, for actions answering form posts. */
    formPost: FormPostContext;
    /**
     * The saved header menu and footer columns of this content version, resolved (docs/product.md#navigation);
     * null: nothing saved, the spec's menu.
     */
    navigation: PublicNavigation | null;
    /** A 410 redirect rule answers this address: the public layout shows the "gone" page (docs/product.md#redirects). */
    gone: boolean;
  }
}

export {};
