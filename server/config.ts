import net from 'node:net';
import fs from 'node:fs';
import type { S3Settings } from '#server/lib/storage/s3.ts';
import path from 'node:path';
import { z } from 'zod';
import { SETUP_NOTICES } from '#shared/messages.ts';
import { ACTIVITY_RETENTION_DAYS } from '#shared/activity.ts';

/**
 * Every setting comes from the environment and has an embedded default, so a fresh checkout starts with
 * none. A bad value stops start-up with a message naming the variable (see `loadConfig`).
 */
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((v) => protocols.some((p) => v.startsWith(p)), `must start with ${protocols.join(' or ')}`)
    .optional();

/** An IPv4 or IPv6 address, optionally with a `/prefix` (a network). */
function isAddressOrNetwork(text: string): boolean {
  const [address, prefix, extra] = text.split('/');
  if (extra !== undefined || !address) return false;
  const version = net.isIP(address);
  if (!version) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/** `true` is one proxy in front (the usual reverse proxy), so only the address it adds is believed. */
function trustProxyOf(value: string): false | number | string {
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((part) => part.trim())
    .join(',');
}

/** A TCP port from the environment: digits only (an empty value must not become port 0, a random one). */
const portNumber = () =>
  z
    .string()
    .regex(/^\d+$/, 'must be a port number from 1 to 65535')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 65535, 'must be a port number from 1 to 65535');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  // A string first: an empty PORT= must not become port 0 (a random port, and `:0` in e-mail links).
  PORT: portNumber().default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  // docs/product.md#import: `host:port` list an import may download images from although they are not
  // public addresses (tests' local servers, an old site on the company's own network). Empty: none.
  IMPORT_TRUSTED_HOSTS: z.string().default(''),
  // How long an import's lease lasts unless renewed: a killed process's import is resumed after this.
  IMPORT_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  // One image download of an import: a host that hangs costs this long per try (3 tries).
  IMPORT_DOWNLOAD_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  // docs/product.md#analytics: how often each process writes its counted events, and how often the daily
  // summaries the dashboard reads are brought up to date (once across processes).
  ANALYTICS_FLUSH_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
  ANALYTICS_SUMMARY_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  // A MaxMind-format country database (GeoLite2-Country.mmdb …): countries are counted only with one.
  GEOIP_DATABASE: z
    .string()
    .min(1)
    .refine((v) => {
      try {
        return fs.statSync(v).isFile();
      } catch {
        return false;
      }
    }, 'must be a readable .mmdb file')
    .optional(),
  DATABASE_URL: z
    .string()
    .refine(
      (v) => /^(postgres(ql)?:\/\/|sqlite:|file:)/.test(v) || !v.includes('://'),
      'must be postgres://… or a SQLite file path',
    )
    // `file:` or `sqlite:` alone named the working folder, which failed later with a raw stack trace.
    .refine((v) => v.replace(/^(sqlite|file):/, '').trim() !== '', 'must name a SQLite file after file: or sqlite:')
    .optional(),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  // Below the server's 30 s statement limit, which must cut a slow statement first (0025-database-deadlines.md).
  DATABASE_QUERY_TIMEOUT_MS: z.coerce
    .number('must be a number of milliseconds from 100 to 29000')
    .int('must be a number of milliseconds from 100 to 29000')
    .min(100, 'must be a number of milliseconds from 100 to 29000')
    .max(29_000, 'must be a number of milliseconds from 100 to 29000 (below the 30 s statement time-out)')
    // Unset: 4000 (PG_TIMEOUTS.queryMs in server/db/database.ts).
    .optional(),
  PUBLIC_URL: optionalUrl(['http://', 'https://']),
  SITE_NAME: z.string().min(1).default('Brightpath Labs'),
  ADMIN_EMAIL: z.string().email().default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(5, 'must be at least 5 characters').optional(),
  SMTP_URL: optionalUrl(['smtp://', 'smtps://']),
  MAIL_FROM: z.string().min(3).optional(),
  CONTACT_TO: z.string().email().optional(),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v) => v.trim())
    .refine(
      (v) =>
        ['true', 'false', ''].includes(v) ||
        /^\d{1,2}$/.test(v) ||
        v.split(',').every((part) => isAddressOrNetwork(part.trim())),
      'must be false, true (one proxy), a number of proxies, or a comma-separated list of proxy addresses or networks',
    ),
  REDIS_URL: optionalUrl(['redis://', 'rediss://']),
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().max(10_000).default(1),
  ACCESS_LOG: z.enum(['true', 'false'], 'must be true or false').default('true'),
  // Long enough for a load balancer to see /readyz fail (a few of its checks), short enough not to stall a deploy.
  DRAIN_DELAY_MS: z.coerce
    .number('must be a number of milliseconds from 0 to 120000')
    .int('must be a number of milliseconds from 0 to 120000')
    .min(0, 'must be a number of milliseconds from 0 to 120000')
    .max(120_000, 'must be a number of milliseconds from 0 to 120000')
    .default(5_000),
  // Scrapers send it as a bearer token, so a guessable one would publish the site's traffic figures.
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    // A bearer token never carries spaces: one with them was accepted here and could never authenticate.
    .refine((v) => !/\s/.test(v), 'must not contain spaces or line breaks')
    .optional(),
  METRICS_PORT: portNumber().optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  PAGE_S_MAXAGE: z.coerce.number().int().min(0).max(31_536_000).optional(),
  PAGE_STALE_WHILE_REVALIDATE: z.coerce.number().int().min(0).max(31_536_000).optional(),
  // How long the activity log keeps an entry (docs/product.md#activity-log): at least a month, at most ten years.
  ACTIVITY_RETENTION_DAYS: z.coerce
    .number('must be a number of days from 30 to 3650')
    .int('must be a number of days from 30 to 3650')
    .min(30, 'must be a number of days from 30 to 3650')
    .max(3650, 'must be a number of days from 30 to 3650')
    .default(ACTIVITY_RETENTION_DAYS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TIME_ZONE: z
    .string()
    .refine((v) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: v });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Europe/Berlin')
    .default('UTC'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: optionalUrl(['http://', 'https://']),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  S3_PUBLIC_URL: optionalUrl(['http://', 'https://']),
  DKIM_DOMAIN: z.string().min(3).optional(),
  DKIM_SELECTOR: z.string().min(1).optional(),
  DKIM_PRIVATE_KEY: z.string().min(20).optional(),
  DKIM_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  // docs/decisions/0021-two-factor-and-recovery.md: without it, DATA_DIR/two-factor.key (made at first start).
  TWO_FACTOR_KEY: z
    .string()
    .refine(
      (v) => /^[0-9a-fA-F]{64}$/.test(v.trim()) || Buffer.from(v.trim(), 'base64').length === 32,
      'must be 32 bytes written as 64 hexadecimal characters or as base64 (e.g. openssl rand -hex 32)',
    )
    .optional(),
});

export interface MailSender {
  from: string;
  messageIdDomain: string;
  dkim?: { domainName: string; keySelector: string; privateKey: string };
}

/** Where uploads live: the data folder, or an S3-compatible bucket (docs/decisions/0008-media-storage.md). */
export type StorageConfig = { kind: 'disk'; root: string } | { kind: 's3'; settings: S3Settings };

/**
 * `connectTimeoutMs`: how long to wait for PostgreSQL to accept a connection and answer; `queryTimeoutMs`:
 * the client's deadline of a checkout and of each statement (server/db/database.ts, server/db/deadlines.ts).
 */
export type DatabaseConfig =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string; connectTimeoutMs?: number; statementTimeoutMs?: number; queryTimeoutMs?: number };

/** Settings a production site should have but can run without; each is logged and shown in the admin. */
export type SetupNotice = 'publicUrl' | 'smtp';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  publicUrl: string;
  siteName: string;
  adminEmail: string;
  adminPassword?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Without MAIL_FROM: the sender is no-reply@ this host, named as the site is now (server/services.ts). */
  mailFromDomain?: string;
  /** Sender, Message-ID domain and optional DKIM key of every e-mail. */
  mailSender: MailSender;
  contactTo: string;
  storage: StorageConfig;
  /** Base of upload addresses on pages: '' (the site's own /uploads/), or a CDN in front of the bucket. */
  mediaUrl: string;
  /** The site's time zone: scheduled posts are chosen in it. */
  timeZone: string;
  /** `host:port` an import may download images from though they are not public (IMPORT_TRUSTED_HOSTS). */
  importTrustedHosts: string[];
  /** How long an import's lease lasts unless renewed (IMPORT_LEASE_MS). */
  importLeaseMs: number;
  /** Analytics: events written every `flushMs`, summaries made every `summaryMs`, countries from `geoipFile`. */
  analytics: { flushMs: number; summaryMs: number; geoipFile?: string };
  /** One image download's deadline (IMPORT_DOWNLOAD_MS). */
  importDownloadMs: number;
  /**
   * Which proxies' X-Forwarded-For is believed (Fastify's `trustProxy`): none, how many hops, or which
   * addresses. Never "any": a client could then choose its own address and slip past every per-address limit.
   */
  trustProxy: false | number | string;
  redisUrl?: string;
  logLevel: string;
  /** Scales every rate limit's allowance (browser test runs log in far more often than people do). */
  rateLimitMultiplier: number;
  /** What is missing for a production site (docs/product.md#setup-notices). */
  notices: SetupNotice[];
  /** One log line per request (method, url, status, time, request id, bytes); errors are logged regardless. */
  accessLog: boolean;
  /** After SIGTERM, how long the process keeps serving with /readyz failing before it closes connections. */
  drainDelayMs: number;
  /** Where Prometheus metrics are served: `/metrics` with a bearer token, and/or an internal port. */
  metrics: MetricsConfig;
  /**
   * Cache-Control of public pages: `no-cache` (browsers and proxies revalidate with the ETag each time),
   * or, with `PAGE_S_MAXAGE` / `PAGE_STALE_WHILE_REVALIDATE` set, one that lets a CDN keep them (README).
   */
  pageCacheControl: string;
  /**
   * The key that encrypts authenticator secrets (TWO_FACTOR_KEY); without it the data folder's
   * two-factor.key, made at the first start (server/modules/auth/secret-box.ts).
   */
  twoFactorKey?: string;
  /** Days the activity log keeps an entry before the retention job prunes it. */
  activityRetentionDays: number;
}

/** Neither set: no metrics endpoint anywhere (GET /metrics is a 404 like any unknown address). */
export interface MetricsConfig {
  token?: string;
  port?: number;
  host: string;
}

export class ConfigError extends Error {}

/** The default sender: the site's name (quotes and line breaks left out) at no-reply@ the site's host. */
export const mailFromOf = (siteName: string, domain: string) =>
  `"${siteName.replace(/["\\\r\n]/g, '')}" <no-reply@${domain}>`;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const dbUrl = e.DATABASE_URL;
  const database: DatabaseConfig =
    dbUrl && /^postgres(ql)?:\/\//.test(dbUrl)
      ? {
          kind: 'postgres',
          url: dbUrl,
          connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
          queryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_MS,
        }
      : {
          kind: 'sqlite',
          file: dbUrl ? path.resolve(dbUrl.replace(/^(sqlite|file):/, '')) : path.join(dataDir, 'site.db'),
        };
  const port = e.PORT;
  if (e.METRICS_PORT === port) {
    throw new ConfigError(`Invalid configuration:\n  METRICS_PORT: must differ from PORT (${port})`);
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const mailFromDomain = e.MAIL_FROM ? undefined : new URL(e.PUBLIC_URL ?? 'http://localhost').hostname;
  const mailFrom = e.MAIL_FROM ?? `"${e.SITE_NAME}" <no-reply@${mailFromDomain}>`;
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    dataDir,
    database,
    publicUrl,
    siteName: e.SITE_NAME,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom,
    mailFromDomain,
    mailSender: { from: mailFrom, messageIdDomain: new URL(publicUrl).hostname, dkim: dkimOf(e) },
    timeZone: e.TIME_ZONE,
    importLeaseMs: e.IMPORT_LEASE_MS,
    analytics: { flushMs: e.ANALYTICS_FLUSH_MS, summaryMs: e.ANALYTICS_SUMMARY_MS, geoipFile: e.GEOIP_DATABASE },
    importDownloadMs: e.IMPORT_DOWNLOAD_MS,
    importTrustedHosts: e.IMPORT_TRUSTED_HOSTS.split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    storage: storageOf(e, dataDir),
    mediaUrl: (e.S3_PUBLIC_URL ?? '').replace(/\/+$/, ''),
    contactTo: (e.CONTACT_TO ?? e.ADMIN_EMAIL).toLowerCase(),
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    notices: e.NODE_ENV === 'production' ? noticesOf(e) : [],
    accessLog: e.ACCESS_LOG === 'true',
    drainDelayMs: e.DRAIN_DELAY_MS,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    pageCacheControl: pageCacheControlOf(e.PAGE_S_MAXAGE, e.PAGE_STALE_WHILE_REVALIDATE),
    twoFactorKey: e.TWO_FACTOR_KEY?.trim(),
    activityRetentionDays: e.ACTIVITY_RETENTION_DAYS,
  };
}

/**
 * Browsers always revalidate (`max-age=0`: an edit shows on the next visit); a shared cache (CDN) may keep a
 * page `s-maxage` seconds and then serve it stale for `stale-while-revalidate` more while it refetches.
 */
function pageCacheControlOf(sMaxAge?: number, staleWhileRevalidate?: number): string {
  if (sMaxAge === undefined && staleWhileRevalidate === undefined) return 'no-cache';
  return [
    'public',
    'max-age=0',
    `s-maxage=${sMaxAge ?? 0}`,
    ...(staleWhileRevalidate !== undefined ? [`stale-while-revalidate=${staleWhileRevalidate}`] : []),
  ].join(', ');
}

/** The notices of a configuration with their texts: logged at start-up (server/boot.ts) and shown in the admin. */
/**
 * Settings that work but are probably not meant (logged at start-up): metrics on every network interface
 * answer anyone who can reach the port, with no token asked there (server/lib/metrics-server.ts).
 */
export function configWarnings(config: Config): string[] {
  const { port, host } = config.metrics;
  if (!port || ['127.0.0.1', '::1', 'localhost'].includes(host)) return [];
  return [
    `METRICS_HOST=${host}: the metrics port ${port} answers every network this machine is on, without a token; ` +
      'keep it on 127.0.0.1 or a private address your scraper alone can reach.',
  ];
}

export function setupNoticeTexts(config: Config): Array<{ id: SetupNotice; message: string }> {
  return config.notices.map((id) => ({
    id,
    message: id === 'publicUrl' ? SETUP_NOTICES.publicUrl(config.publicUrl) : SETUP_NOTICES.smtp,
  }));
}

/** Without PUBLIC_URL e-mail links point to localhost; without SMTP_URL e-mail is only written to files. */
function noticesOf(e: z.infer<typeof envSchema>): SetupNotice[] {
  return [...(e.PUBLIC_URL ? [] : ['publicUrl' as const]), ...(e.SMTP_URL ? [] : ['smtp' as const])];
}

/**
 * The data folder must be a folder the server can write in when anything is kept there: the SQLite
 * database, uploads on disk, or e-mail files without SMTP. Creates it when missing. A site on
 * PostgreSQL, a bucket and SMTP keeps nothing there, so its DATA_DIR is not checked.
 */
export function checkDataDir(config: Config): void {
  const inDataDir = (file: string) => !path.relative(config.dataDir, file).startsWith('..');
  const used =
    (config.database.kind === 'sqlite' && inDataDir(config.database.file)) ||
    config.storage.kind === 'disk' ||
    !config.smtpUrl;
  if (!used) return;
  const fail = (problem: string) => {
    throw new ConfigError(`Invalid configuration:\n  DATA_DIR: ${config.dataDir} ${problem}`);
  };
  try {
    fs.mkdirSync(config.dataDir, { recursive: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') fail('is a file, not a folder');
    fail(`cannot be created (${code ?? (err as Error).message})`);
  }
  if (!fs.statSync(config.dataDir).isDirectory()) fail('is a file, not a folder');
  // A real write: access() says yes to root even on a read-only file system.
  const probe = path.join(config.dataDir, `.write-check-${process.pid}`);
  try {
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (err) {
    fail(`is not writable (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
}

/** DKIM signing needs a domain, a selector and a key (inline or in a file), all or none. */
function dkimOf(e: z.infer<typeof envSchema>): MailSender['dkim'] {
  const given = [e.DKIM_DOMAIN, e.DKIM_SELECTOR, e.DKIM_PRIVATE_KEY ?? e.DKIM_PRIVATE_KEY_FILE];
  if (given.every((v) => v === undefined)) return undefined;
  if (given.some((v) => v === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE) go together',
    );
  }
  let privateKey = e.DKIM_PRIVATE_KEY;
  if (!privateKey) {
    try {
      privateKey = fs.readFileSync(e.DKIM_PRIVATE_KEY_FILE!, 'utf8');
    } catch (err) {
      throw new ConfigError(
        `Invalid configuration:\n  DKIM_PRIVATE_KEY_FILE: cannot read it (${(err as Error).message})`,
      );
    }
  }
  if (!/-----BEGIN (RSA )?PRIVATE KEY-----/.test(privateKey)) {
    throw new ConfigError('Invalid configuration:\n  DKIM_PRIVATE_KEY: must be a PEM private key');
  }
  return { domainName: e.DKIM_DOMAIN!, keySelector: e.DKIM_SELECTOR!, privateKey };
}

function storageOf(e: z.infer<typeof envSchema>, dataDir: string): StorageConfig {
  if (!e.S3_BUCKET) {
    if (e.S3_PUBLIC_URL || e.S3_ENDPOINT) {
      throw new ConfigError(
        'Invalid configuration:\n  S3_BUCKET: set it to store uploads in a bucket (S3_ENDPOINT and S3_PUBLIC_URL need it)',
      );
    }
    return { kind: 'disk', root: path.join(dataDir, 'uploads') };
  }
  return {
    kind: 's3',
    settings: {
      bucket: e.S3_BUCKET,
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    },
  };
}
