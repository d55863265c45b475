/**
 * Hands a file made in the page to the browser's download. The admin's exports are fetched with the
 * bearer token (app/lib/api-client.ts `download`), so a plain link to the API could not fetch them.
 */
export function saveFile(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
