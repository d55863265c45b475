const XML_ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };

/** Escapes text for XML (sitemaps on the server, RSS in the app). */
export const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (c) => XML_ENTITIES[c]!);
