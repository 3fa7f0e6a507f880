// Double opt-in: the mail that asks a visitor who ticked "subscribe" (or signed up on the blog) to confirm it, so no
// one is put on the list by somebody else typing their address.
import type { Channel, LeadMessage } from '../types';
import { PermanentDeliveryError } from '../types';
import { isTicked, messageIdFor, singleLine, textField } from './email';
import { classifySmtpError, type Mailer } from './mailer';

export interface ConfirmationLinks {
  confirmUrl: string;
  /** The one-click unsubscribe endpoint (RFC 8058): a POST to it unsubscribes, no page in between. */
  unsubscribeUrl: string;
}

export interface ConfirmationChannelOptions {
  transporter: Mailer;
  from: string;
  siteName: string;
  /** Makes (or looks up) the signed links for this submission; the same links on a retry. */
  links: (message: LeadMessage) => Promise<ConfirmationLinks>;
}

/** How long a confirmation link works; whoever signs the links reads it from here, so the mail tells the truth. */
export const confirmationValidDays = 7;

export function createConfirmationChannel({ transporter, from, siteName, links }: ConfirmationChannelOptions): Channel {
  return {
    name: 'newsletter-confirmation',
    async send(message) {
      const email = textField(message.fields, 'email');
      if (email === '') {
        throw new PermanentDeliveryError(`Submission #${message.submissionId} has no e-mail address to confirm`);
      }
      // The contact form subscribes only when its box is ticked; the outbox should never ask, but a confirmation
      // sent to someone who did not ask for one is exactly the mail this channel exists to avoid.
      if (message.form === 'home-contact' && !isTicked(message.fields, 'subscribe-updates')) {
        throw new PermanentDeliveryError(`Submission #${message.submissionId} did not ask for the newsletter`);
      }
      const { confirmUrl, unsubscribeUrl } = await links(message);
      const name = singleLine(textField(message.fields, 'fullname'));
      try {
        await transporter.sendMail({
          from,
          // An address object: the visitor typed both parts, and nothing they typed may add a recipient.
          to: { name, address: email },
          subject: `Please confirm your subscription to ${singleLine(siteName)} insights`,
          // Stable per lead like the owner's notification, but not the same id: both can land in one mailbox (the
          // owner trying the form), and a mail client keeps only one message per Message-ID.
          messageId: messageIdFor(`${message.leadKey}.confirm`, new URL(confirmUrl).hostname),
          headers: listUnsubscribeHeaders(unsubscribeUrl),
          text: confirmationText({ siteName, name, confirmUrl }),
        });
      } catch (error) {
        throw classifySmtpError(error);
      }
    },
    close() {
      transporter.close();
      return Promise.resolve();
    },
  };
}

/**
 * `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058 one-click): mail providers show their own unsubscribe
 * button, and Gmail and Yahoo require both on bulk mail. Every newsletter mail carries them.
 */
export function listUnsubscribeHeaders(
  unsubscribeUrl: string,
): Record<'List-Unsubscribe' | 'List-Unsubscribe-Post', string> {
  // A URL holds no spaces, controls or angle brackets; any that were there would end the <…> early.
  const url = unsubscribeUrl.replace(/[\s<>\p{Cc}]/gu, '');
  return {
    'List-Unsubscribe': `<${url}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

function confirmationText({ siteName, name, confirmUrl }: { siteName: string; name: string; confirmUrl: string }) {
  const site = singleLine(siteName);
  return `${name === '' ? 'Hello,' : `Hello ${name},`}

Please confirm that you want to receive ${site} insights by e-mail. Open this link to confirm:

${confirmUrl}

The link is valid for ${confirmationValidDays} days.

If you did not sign up, ignore this e-mail and nothing happens: you will not be subscribed and will not hear from us again.

${site}
`;
}
