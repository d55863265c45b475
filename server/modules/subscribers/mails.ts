import { escapeHtml } from '#server/lib/escape-html.ts';
import type { OutgoingMail } from '#server/modules/mail/service.ts';

export interface SubscriberLinks {
  confirm: string;
  /** The page that unsubscribes (in the body). */
  unsubscribePage: string;
  /** The one-click endpoint (RFC 8058) for the List-Unsubscribe header. */
  unsubscribeOneClick: string;
}

/**
 * Every subscriber e-mail names its list and can be left with one click, from the body or the mail
 * client (RFC 2919, RFC 8058).
 */
export const subscriberHeaders = (links: SubscriberLinks, site: { siteName: string; publicUrl: string }) => ({
  'List-Id': `"${site.siteName.replace(/["\\\r\n]/g, '')} blog" <blog.${new URL(site.publicUrl).hostname}>`,
  'List-Unsubscribe': `<${links.unsubscribeOneClick}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

const footer = (links: SubscriberLinks) => ({
  text: `\n--\nYou get this e-mail because this address was entered on our blog. Unsubscribe: ${links.unsubscribePage}\n`,
  html: `<hr><p style="font-size:12px;color:#666">You get this e-mail because this address was entered on our blog. <a href="${escapeHtml(links.unsubscribePage)}">Unsubscribe</a></p>`,
});

export function confirmationMail(
  to: string,
  site: { siteName: string; publicUrl: string },
  links: SubscriberLinks,
): OutgoingMail {
  const { siteName } = site;
  const f = footer(links);
  return {
    kind: 'subscription-confirm',
    to,
    subject: `Please confirm your subscription to the ${siteName} blog`,
    text: `Hello,\n\nplease confirm that you want e-mails about new articles on the ${siteName} blog:\n${links.confirm}\n\nIf you did not ask for this, ignore this e-mail and nothing will be sent.\n${f.text}`,
    html: `<p>Hello,</p><p>please confirm that you want e-mails about new articles on the ${escapeHtml(siteName)} blog.</p><p><a href="${escapeHtml(links.confirm)}" style="display:inline-block;padding:10px 18px;background:#1560bd;color:#fff;border-radius:6px;text-decoration:none">Confirm my subscription</a></p><p>If you did not ask for this, ignore this e-mail and nothing will be sent.</p>${f.html}`,
    headers: subscriberHeaders(links, site),
  };
}

/**
 * For an address that subscribes again while it is confirmed: the answer on the site is the same as for a
 * new address (so it tells nobody who is subscribed), and the owner of the mailbox learns there is nothing
 * to do. At most one a day per address (its dedupe key).
 */
export function alreadySubscribedMail(
  subscriber: { id: string; email: string },
  site: { siteName: string; publicUrl: string },
  links: SubscriberLinks,
  day: string,
): OutgoingMail {
  const to = subscriber.email;
  const { siteName } = site;
  const f = footer(links);
  return {
    kind: 'subscription-already',
    to,
    subject: `You are already subscribed to the ${siteName} blog`,
    text: `Hello,\n\nsomeone, probably you, asked to subscribe this address to the ${siteName} blog. It is already subscribed: there is nothing to do, and you will keep getting an e-mail for each new article.\n${f.text}`,
    html: `<p>Hello,</p><p>someone, probably you, asked to subscribe this address to the ${escapeHtml(siteName)} blog. It is already subscribed: there is nothing to do, and you will keep getting an e-mail for each new article.</p>${f.html}`,
    headers: subscriberHeaders(links, site),
    // The id, not the address: the key's column is short (an address may be 254 characters).
    dedupeKey: `subscription-already:${subscriber.id}:${day}`,
  };
}
