/** `id` and `token` of a subscriber link, or null when the link is cut short. */
export function linkParams(url: string): { id: string; token: string } | null {
  const params = new URL(url).searchParams;
  const id = params.get('id');
  const token = params.get('token');
  return id && token && id.length <= 64 && token.length <= 100 ? { id, token } : null;
}
