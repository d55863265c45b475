import { escapeHtml } from '#server/lib/escape-html.ts';
import type { OutgoingMail } from '#server/modules/mail/service.ts';

/** To an account's owner when its password is being guessed (docs/product.md#rate-limits). */
export function failedLoginsMail(input: {
  to: string;
  siteName: string;
  failures: number;
  minutes: number;
}): OutgoingMail {
  const minutes = input.minutes === 1 ? '1 minute' : `${input.minutes} minutes`;
  const paragraphs = [
    `Someone has tried to log in to your ${input.siteName} account (${input.to}) with a wrong password ${input.failures} times within ${minutes}.`,
    'None of these attempts got in. An address that keeps guessing is refused for a while; logging in from your own address still works.',
    'If this was not you, make sure your password is long and used nowhere else, and change it in the admin if in doubt.',
    `While the attempts go on, you get this e-mail at most once every ${minutes}.`,
  ];
  return {
    kind: 'failed-logins',
    to: input.to,
    subject: `Failed logins to your ${input.siteName} account`,
    text: `${paragraphs.join('\n\n')}\n`,
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
  };
}
