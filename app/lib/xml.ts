const XML_ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };

/** Escapes text for XML (sitemap, RSS). */
export const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (c) => XML_ENTITIES[c]!);

export const xmlResponse = (body: string, type = 'application/xml') =>
  new Response(body, { headers: { 'content-type': `${type}; charset=utf-8` } });
