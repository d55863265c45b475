/** One CSV field: quoted when needed; a leading = + - @ is defused so spreadsheets do not run it. */
function field(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line with its CRLF ending (a stream writes them one after another). */
export const csvLine = (row: Array<string | null | undefined>): string => row.map(field).join(',') + '\r\n';

/**
 * A CSV document written as it is read: the header, then the lines of each batch as the batch arrives.
 * One chunk per batch keeps the stream's overhead low; memory holds one batch at a time.
 */
export async function* csvStream<T>(
  header: string[],
  batches: AsyncIterable<T[]>,
  toRow: (item: T) => Array<string | null | undefined>,
): AsyncGenerator<string> {
  yield csvLine(header);
  for await (const batch of batches) yield batch.map((item) => csvLine(toRow(item))).join('');
}
