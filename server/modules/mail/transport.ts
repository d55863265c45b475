import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { OutboxRow } from './outbox-repository';

export interface MailTransport {
  send(row: OutboxRow): Promise<void>;
  close(): void;
}

function toMessage(row: OutboxRow, from: string) {
  return {
    from,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body ?? undefined,
    headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : undefined,
    // A stable Message-ID lets a receiving server drop a duplicate if a send is retried after a crash.
    messageId: `<${row.id}@outbox>`,
  };
}

/** Real delivery over SMTP (`SMTP_URL`). */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(row) {
      await transporter.sendMail(toMessage(row, from));
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP the product still works offline: each message is written as an `.eml` file (openable in
 * any mail client) and logged.
 */
export function fileTransport(dir: string, from: string, log: (msg: string) => void): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(row) {
      const info = await transporter.sendMail(toMessage(row, from));
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${row.created_at.replace(/[:.]/g, '-')}-${row.id}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log(`mail to ${row.to_address} "${row.subject}" written to ${file}`);
    },
    close: () => transporter.close(),
  };
}
