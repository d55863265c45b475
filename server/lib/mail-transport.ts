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

function toNodemailer(message: MailMessage, from: string) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? undefined,
    headers: message.headers,
    // A stable Message-ID lets a receiving server drop a duplicate if a send is retried after a crash.
    messageId: `<${message.id}@outbox>`,
  };
}

/** Real delivery over SMTP (`SMTP_URL`). */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transporter.sendMail(toNodemailer(message, from));
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
    async send(message) {
      const info = await transporter.sendMail(toNodemailer(message, from));
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${message.createdAt.replace(/[:.]/g, '-')}-${message.id}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log(`mail to ${message.to} "${message.subject}" written to ${file}`);
    },
    close: () => transporter.close(),
  };
}
