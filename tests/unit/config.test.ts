import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';

describe('configuration', () => {
  it('starts with no variables at all: SQLite under ./data on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('data/site.db') });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.contactTo).toBe('admin@example.com');
  });

  it('uses PostgreSQL for a postgres:// DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h:5432/db',
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PUBLIC_URL', 'example.com'],
    ['SMTP_URL', 'http://mail'],
    ['ADMIN_EMAIL', 'nobody'],
    ['ADMIN_PASSWORD', '123'],
    ['DATABASE_URL', 'mysql://x'],
    ['CONTACT_TO', 'x'],
    ['REDIS_URL', 'localhost:6379'],
  ])('stops on a bad %s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });
});
