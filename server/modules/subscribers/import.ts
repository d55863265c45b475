import { parse } from 'csv-parse/sync';
import { isAdminEmail } from '#shared/schemas/subscribe.ts';

/**
 * The addresses of a CSV file: the column headed "email" (or "e-mail", any case), else the first column.
 * Blank lines, spaces and repeated addresses are dropped; addresses that break the admin's address rule
 * (docs/product.md#admin-address-rule) are returned apart, to be shown to the administrator.
 */
export function addressesOfCsv(csv: string): { valid: string[]; invalid: string[] } {
  const rows = parse(csv, { skip_empty_lines: true, relax_column_count: true, trim: true, bom: true }) as string[][];
  if (!rows.length) return { valid: [], invalid: [] };
  const header = rows[0]!.map((cell) => cell.toLowerCase());
  const named = header.findIndex((cell) => cell === 'email' || cell === 'e-mail' || cell === 'email address');
  const column = named >= 0 ? named : 0;
  const body = named >= 0 || !header[0]?.includes('@') ? rows.slice(1) : rows;
  const valid = new Set<string>();
  const invalid: string[] = [];
  for (const row of body) {
    const address = (row[column] ?? '').trim().toLowerCase();
    if (!address) continue;
    if (isAdminEmail(address)) valid.add(address);
    else invalid.push(address);
  }
  return { valid: [...valid], invalid };
}
