import Bowser from 'bowser';
import { isbot } from 'isbot';

/**
 * What a User-Agent string says, read by the libraries that keep up with browsers (bowser for the
 * browser, system and device; isbot for crawlers): the sessions list and the analytics both read it here.
 */
export function describeUserAgent(userAgent: string): { browser: string; os: string; device: string } {
  if (!userAgent.trim()) return { browser: '', os: '', device: '' };
  const parsed = Bowser.parse(userAgent);
  return { browser: parsed.browser.name ?? '', os: parsed.os.name ?? '', device: parsed.platform.type ?? '' };
}

/** A crawler, a link checker, a headless fetcher, or no browser string at all. */
export const isBot = (userAgent: string | undefined): boolean => !userAgent?.trim() || isbot(userAgent);
