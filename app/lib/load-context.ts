import type { Services, SiteInfo } from '../../server/services';

/** What the server hands every loader (server/plugins/ssr.ts): services are called directly, no HTTP hop. */
declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    site: SiteInfo;
  }
}

export {};
