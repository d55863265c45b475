import { createContext, useContext } from 'react';
import type { UIMatch } from 'react-router';

/**
 * Pages that ship no JavaScript (docs/product.md#pages): a page built from blocks without a form block
 * is sent without React Router's scripts, so it costs the visitor no download and no hydration. Its route
 * says so through its handle, from its own data: `handle.scriptless(data)`. The header's phone menu and
 * the menu's dropdowns then work by CSS alone (app/features/layout/Header.tsx, NavigationMenu.tsx).
 */
export interface ScriptlessHandle {
  scriptless?: (data: unknown) => boolean;
}

/** Whether the page matched is sent without scripts: its deepest route's handle decides. */
export function isScriptless(matches: readonly UIMatch[]): boolean {
  const leaf = matches.at(-1);
  return Boolean((leaf?.handle as ScriptlessHandle | undefined)?.scriptless?.(leaf?.data));
}

/** True inside a page sent without scripts (set by the root layout, app/root.tsx). */
export const ScriptlessContext = createContext(false);
export const useScriptless = () => useContext(ScriptlessContext);
