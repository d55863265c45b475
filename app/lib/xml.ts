import { escapeXml } from '#shared/xml.ts';

export { escapeXml };

export const xmlResponse = (body: string, type = 'application/xml') =>
  new Response(body, { headers: { 'content-type': `${type}; charset=utf-8` } });
