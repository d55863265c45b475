import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SETUP_NOTICES } from '#shared/messages.ts';
import { checkDataDir, ConfigError, configWarnings, loadConfig, setupNoticeTexts } from '#server/config.ts';

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
      connectTimeoutMs: 10_000,
    });
    expect(
      loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db', DATABASE_CONNECT_TIMEOUT_MS: '2500' }).database,
    ).toMatchObject({ connectTimeoutMs: 2500 });
  });

  it('takes the client deadline of PostgreSQL calls from DATABASE_QUERY_TIMEOUT_MS, below the statement limit', () => {
    const url = 'postgres://u@h:5432/db';
    expect(loadConfig({ DATABASE_URL: url, DATABASE_QUERY_TIMEOUT_MS: '1500' }).database).toMatchObject({
      queryTimeoutMs: 1500,
    });
    // Unset: the default of server/db/database.ts (PG_TIMEOUTS.queryMs).
    expect(loadConfig({ DATABASE_URL: url }).database).not.toHaveProperty('queryTimeoutMs', expect.any(Number));
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_QUERY_TIMEOUT_MS: '30000' })).toThrow(
      'Invalid configuration:\n  DATABASE_QUERY_TIMEOUT_MS: must be a number of milliseconds from 100 to 29000 (below the 30 s statement time-out)',
    );
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    // Empty or 0 would listen on a random port and put `:0` into e-mail links.
    ['PORT', ''],
    ['PORT', '0'],
    ['PORT', '30.5'],
    ['HOST', ''],
    ['DATA_DIR', ''],
    ['DATABASE_CONNECT_TIMEOUT_MS', 'soon'],
    ['DATABASE_CONNECT_TIMEOUT_MS', '0'],
    ['PUBLIC_URL', 'example.com'],
    ['SMTP_URL', 'http://mail'],
    ['ADMIN_EMAIL', 'nobody'],
    ['ADMIN_PASSWORD', '123'],
    ['DATABASE_URL', 'mysql://x'],
    ['CONTACT_TO', 'x'],
    ['REDIS_URL', 'localhost:6379'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1, proxy.local'],
    ['ACCESS_LOG', 'no'],
    ['DRAIN_DELAY_MS', 'soon'],
    ['DRAIN_DELAY_MS', '-1'],
    ['DRAIN_DELAY_MS', '200000'],
    ['METRICS_TOKEN', 'short'],
    ['METRICS_PORT', ''],
    ['METRICS_PORT', '70000'],
    ['METRICS_PORT', '3000'],
    ['METRICS_HOST', ''],
    ['METRICS_TOKEN', 'a-long-enough token'],
    ['METRICS_TOKEN', 'a-long-enough-token\n'],
    ['DATABASE_URL', 'file:'],
    ['DATABASE_URL', 'sqlite: '],
    ['DATABASE_QUERY_TIMEOUT_MS', 'soon'],
    ['DATABASE_QUERY_TIMEOUT_MS', '50'],
    ['DATABASE_QUERY_TIMEOUT_MS', '1.5'],
    ['DATABASE_QUERY_TIMEOUT_MS', '30000'],
  ])('stops on a bad %s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });
});

describe('operations settings', () => {
  it('log every request, drain for 5 s, and expose no metrics by default', () => {
    const config = loadConfig({});
    expect(config.accessLog).toBe(true);
    expect(config.drainDelayMs).toBe(5000);
    expect(config.metrics).toEqual({ token: undefined, port: undefined, host: '127.0.0.1' });
  });

  it('reads ACCESS_LOG, DRAIN_DELAY_MS and the metrics settings', () => {
    const config = loadConfig({
      ACCESS_LOG: 'false',
      DRAIN_DELAY_MS: '0',
      METRICS_TOKEN: 'a-long-enough-token',
      METRICS_PORT: '9100',
      METRICS_HOST: '10.0.0.5',
    });
    expect(config.accessLog).toBe(false);
    expect(config.drainDelayMs).toBe(0);
    expect(config.metrics).toEqual({ token: 'a-long-enough-token', port: 9100, host: '10.0.0.5' });
  });
});

describe('TRUST_PROXY: which proxies are believed, never any', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    // One reverse proxy in front: only the address it appends is believed, not what the client wrote before it.
    ['true', 1],
    ['2', 2],
    ['10.0.0.1', '10.0.0.1'],
    [' 10.0.0.0/8 , ::1 ', '10.0.0.0/8,::1'],
  ])('%s is %s', (value, trusted) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toBe(trusted);
  });
});

describe('setup notices (docs/product.md#setup-notices)', () => {
  it('a production site without PUBLIC_URL and SMTP_URL gets both, naming the variable and what it costs', () => {
    const config = loadConfig({ NODE_ENV: 'production', PORT: '4100' });
    expect(config.notices).toEqual(['publicUrl', 'smtp']);
    expect(setupNoticeTexts(config)).toEqual([
      { id: 'publicUrl', message: SETUP_NOTICES.publicUrl('http://localhost:4100') },
      { id: 'smtp', message: SETUP_NOTICES.smtp },
    ]);
    expect(setupNoticeTexts(config)[0]!.message).toMatch(/^PUBLIC_URL is not set: .*http:\/\/localhost:4100/);
    expect(setupNoticeTexts(config)[1]!.message).toMatch(/^SMTP_URL is not set: no e-mail is delivered/);
  });

  it('each setting given removes its notice', () => {
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://example.com' }).notices).toEqual(['smtp']);
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com' }).notices).toEqual(['publicUrl']);
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://example.com', SMTP_URL: 'smtps://m.example.com' })
        .notices,
    ).toEqual([]);
  });

  it('development and test runs, which mean to stay local, get none', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).notices).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'test' }).notices).toEqual([]);
  });
});

describe('DATA_DIR check at start-up', () => {
  const temp: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-datadir-'));
    temp.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of temp.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates a missing folder and leaves nothing behind in it', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    checkDataDir(loadConfig({ DATA_DIR: dir }));
    expect(fs.statSync(dir).isDirectory()).toBe(true);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('stops on a DATA_DIR that is a file, naming the variable', () => {
    const file = path.join(tempDir(), 'site.db');
    fs.writeFileSync(file, 'not a folder');
    expect(() => checkDataDir(loadConfig({ DATA_DIR: file }))).toThrow(
      new ConfigError(`Invalid configuration:\n  DATA_DIR: ${file} is a file, not a folder`),
    );
    // A folder to be made below a file fails the same way.
    expect(() => checkDataDir(loadConfig({ DATA_DIR: path.join(file, 'data') }))).toThrow(
      /^Invalid configuration:\n {2}DATA_DIR: .* is a file, not a folder$/,
    );
  });

  it('stops on a DATA_DIR nothing can be written in', () => {
    // /proc/self is a folder in which no file can be made, even by root (for whom a chmod 555 folder is
    // still writable), so the check must really try to write.
    expect(() => checkDataDir(loadConfig({ DATA_DIR: '/proc/self' }))).toThrow(
      /^Invalid configuration:\n {2}DATA_DIR: \/proc\/self is not writable \(E[A-Z]+\)$/,
    );
  });

  it('does not check a DATA_DIR the site keeps nothing in (PostgreSQL, a bucket and SMTP)', () => {
    const file = path.join(tempDir(), 'a-file');
    fs.writeFileSync(file, '');
    const env = {
      DATA_DIR: file,
      DATABASE_URL: 'postgres://u@h/db',
      S3_BUCKET: 'site-media',
      SMTP_URL: 'smtp://mail.example.com',
    };
    expect(() => checkDataDir(loadConfig(env))).not.toThrow();
    expect(() => checkDataDir(loadConfig({ ...env, SMTP_URL: undefined }))).toThrow(/DATA_DIR: /);
  });
});

describe('start-up warnings', () => {
  it('warns of a metrics port on every interface, and of nothing by default or on loopback', () => {
    expect(configWarnings(loadConfig({}))).toEqual([]);
    expect(configWarnings(loadConfig({ METRICS_PORT: '9100' }))).toEqual([]);
    const [warning] = configWarnings(loadConfig({ METRICS_PORT: '9100', METRICS_HOST: '0.0.0.0' }));
    expect(warning).toMatch(/^METRICS_HOST=0\.0\.0\.0: the metrics port 9100 answers every network/);
  });
});
