import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** One message as a transport sends it; `id` becomes a stable Message-ID. */
export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  headers?: Record<string, string>;
  /** ISO time the message was made (names the file of the file transport). */
  createdAt: string;
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface SenderOptions {
  from: string;
  /** The site's host name: Message-IDs are `<id@domain>`. */
  messageIdDomain: string;
  /** Signs every message when given (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY). */
  dkim?: { domainName: string; keySelector: string; privateKey: string };
}

function toNodemailer(message: MailMessage, sender: SenderOptions) {
  return {
    from: sender.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? undefined,
    headers: message.headers,
    // A stable Message-ID lets a receiving server drop a duplicate if a send is retried after a crash.
    messageId: `<${message.id}@${sender.messageIdDomain}>`,
  };
}

/**
 * Time-outs of an SMTP conversation. A server that accepts connections and then says nothing must not
 * hold a send longer than a worker's claim on the message (server/modules/mail/worker.ts LOCK_MS).
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** Real delivery over SMTP (`SMTP_URL`), on a small pool of reused connections. */
export function smtpTransport(
  smtpUrl: string,
  sender: SenderOptions,
  timeouts: typeof SMTP_TIMEOUTS = SMTP_TIMEOUTS,
): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 5,
    maxMessages: 500,
    ...timeouts,
    dkim: sender.dkim,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(message) {
      await transporter.sendMail(toNodemailer(message, sender));
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP the product still works offline: each message is written as an `.eml` file (openable in
 * any mail client) and logged.
 */
export function fileTransport(dir: string, sender: SenderOptions, log: (msg: string) => void): MailTransport {
  const transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
    dkim: sender.dkim,
  });
  return {
    async send(message) {
      const info = await transporter.sendMail(toNodemailer(message, sender));
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${message.createdAt.replace(/[:.]/g, '-')}-${message.id}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log(`mail to ${message.to} "${message.subject}" written to ${file}`);
    },
    close: () => transporter.close(),
  };
}
