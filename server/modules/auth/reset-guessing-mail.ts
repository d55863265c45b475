import { escapeHtml } from '#server/lib/escape-html.ts';
import type { OutgoingMail } from '#server/modules/mail/service.ts';

/** To an account's owner when its reset codes were guessed at until the day's budget ran out. */
export function resetGuessingMail(input: { to: string; siteName: string; guesses: number }): OutgoingMail {
  const paragraphs = [
    `Wrong password-reset codes were entered for your ${input.siteName} account (${input.to}) ${input.guesses} times today.`,
    'None of them got in. Until midnight (UTC) no more reset codes are sent for your account, except once to an address you have signed in from before, and guesses from elsewhere are not even checked.',
    'If this was not you, nothing else is needed: your password is unchanged. If you are locked out, the server’s administrator can set a password with `npm run admin`.',
  ];
  return {
    kind: 'reset-guessing',
    to: input.to,
    subject: `Reset codes for your ${input.siteName} account were guessed at`,
    text: `${paragraphs.join('\n\n')}\n`,
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
  };
}
