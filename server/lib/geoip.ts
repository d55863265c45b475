import { readFileSync } from 'node:fs';
import { Reader, type CountryResponse } from 'maxmind';
import { ConfigError } from '#server/config.ts';

/**
 * The country of an address from a GeoIP database file in MaxMind's format (GEOIP_DATABASE: GeoLite2 or
 * GeoIP2 Country or City), read into memory once and looked up locally: no address leaves the server.
 * Without a file every address is of no known country.
 */
export function openCountries(file: string | undefined): (address: string) => string | null {
  if (!file) return () => null;
  let reader: Reader<CountryResponse>;
  try {
    reader = new Reader<CountryResponse>(readFileSync(file));
  } catch (err) {
    throw new ConfigError(
      `Invalid configuration:\n  GEOIP_DATABASE: ${file} is not a MaxMind database (${(err as Error).message})`,
    );
  }
  return (address) => {
    try {
      return reader.get(address.replace(/^::ffff:/, ''))?.country?.iso_code ?? null;
    } catch {
      // Not an address the file can look up (a Unix socket's, an unusual form): no country.
      return null;
    }
  };
}
