import { business } from '@shared/content/business';
import type { MailTestResult } from '@shared/schemas/mail-settings';
import { smtpMailer, type MailerTimeouts, type SmtpServer } from '../alerts/mailer';

/** A test waits this long for the mail server at most: the owner is looking at the button. */
const testTimeouts: MailerTimeouts = { connectionMs: 8_000, greetingMs: 8_000, socketMs: 15_000, verifyMs: 15_000 };

/**
 * Send a test e-mail: the settings as typed (or saved) send one message to the owner's address,
 * and what the mail server answered comes back in plain words: a wrong password, no secure
 * connection, an address refused, a server that is not there.
 */
export async function sendTestMail(
  server: SmtpServer,
  envelope: { from: string; to: string },
): Promise<MailTestResult> {
  const { from, to } = envelope;
  const mailer = smtpMailer(server, testTimeouts);
  try {
    await mailer.send({
      from,
      to,
      subject: `Test e-mail from your ${business.name} website`,
      text: [
        'This is the test e-mail sent from Settings, E-mail sending.',
        'It arrived, so your website can send its alerts, reminders and messages to homeowners.',
        '',
      ].join('\n'),
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
    return { ok: true, message: `It works: the mail server took the test e-mail for ${to}. Check that it arrived.` };
  } catch (error) {
    return { ok: false, message: mailErrorInWords(error, server, { from, to }) };
  } finally {
    mailer.close();
  }
}

/** nodemailer's error (its `code`, `command`, `response`) as the owner can act on it. */
export function mailErrorInWords(error: unknown, server: SmtpServer, envelope: { from: string; to: string }): string {
  const { code, command, response, message } = (error ?? {}) as {
    code?: string;
    command?: string;
    response?: string;
    message?: string;
  };
  const at = `${server.host} (port ${server.port})`;
  const answer = response ? ` It answered: “${response.trim().slice(0, 200)}”.` : '';
  const text = `${message ?? ''} ${response ?? ''}`;
  if (code === 'EAUTH' || command?.startsWith('AUTH'))
    return `The mail server refused the user name or password.${answer} Check both; many providers (Gmail, Outlook, Yahoo) want an app password made for this rather than your usual password.`;
  if (command === 'STARTTLS' || (code === 'ETLS' && !server.secure))
    return `The mail server at ${at} offers no secure connection, so the password was not sent. Use the port your provider gives for secure sending: usually 587, or 465 with “Secure from the start”.`;
  if (/certificate|self[- ]signed|altnames|CERT_/i.test(text))
    return `The mail server at ${at} showed a certificate that is not valid for ${server.host}. Check the server’s name with your provider.`;
  if (server.secure && (code === 'ETLS' || /wrong version number|ssl|tls/i.test(text)))
    return `No secure connection could be made with ${at}: this port may start without encryption. Try port 587 without “Secure from the start”.`;
  if (command === 'RCPT TO')
    return `The mail server refused to send to ${envelope.to}.${answer} Check the e-mail address in Settings.`;
  if (command === 'MAIL FROM')
    return `The mail server refused the sender ${envelope.from}.${answer} Use an address of the account you sign in to it with.`;
  if (code === 'EDNS' || /ENOTFOUND|EAI_AGAIN/.test(text))
    return `There is no mail server named ${server.host}. Check its spelling with your provider.`;
  if (/ECONNREFUSED/.test(text) || code === 'ECONNREFUSED')
    return `Nothing answered at ${at}. Check the server’s name and the port.`;
  if (code === 'ETIMEDOUT' || /timeout|timed out/i.test(text))
    return `${at} did not answer in time. Check the port; some networks block the usual mail ports.`;
  return `The e-mail could not be sent.${answer || ` The mail server said: “${(message ?? 'nothing').slice(0, 200)}”.`}`;
}
