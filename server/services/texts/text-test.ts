import { business } from '@shared/content/business';
import type { TextTestResult } from '@shared/schemas/text-settings';
import { sendWithTwilio, twilioErrorInWords, type TwilioAccount } from './twilio-client';

/**
 * Send me a test text: the account as typed (or saved) sends one text to his phone, and what
 * Twilio answered comes back in plain words (a wrong token, a number not his, a number not yet
 * registered for business texting).
 */
export async function sendTestText(account: TwilioAccount, to: string, apiUrl?: string): Promise<TextTestResult> {
  try {
    await sendWithTwilio(
      account,
      { to, body: `${business.name}: this is the test text from your website. Texts to homeowners work.` },
      apiUrl,
    );
    return { ok: true, message: `It works: Twilio took the test text for ${to}. Check that it arrived on that phone.` };
  } catch (error) {
    return { ok: false, message: twilioErrorInWords(error) };
  }
}
