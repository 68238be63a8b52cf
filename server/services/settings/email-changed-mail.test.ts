import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { business } from '@shared/content/business';
import { businessDetailsFormSchema, type BusinessDetailsForm } from '@shared/schemas/business-details';
import type { DatabaseHandle } from '../../db/client';
import { deliveries } from '../../db/schema';
import { silentLogger } from '../../logger';
import { openMemoryDatabase } from '../../test/databases';
import { quickPasswordHash } from '../../test/http';
import type { MailMessage, Mailer } from '../alerts/types';
import { createOutboxWorker } from '../outbox/outbox-worker';
import { ownMessageSenders } from '../outbox/own-messages';
import { setOwnerPassword } from '../owner/owner-sessions';
import { createEmailChangedMail } from './email-changed-mail';
import { createSiteSettings } from './site-settings';
import { ownBusinessDetails } from '../../test/business-details';

const password = 'ponderosa pine at noon';
const form: BusinessDetailsForm = { ...ownBusinessDetails, currentPassword: password };

describe('the notice to the old address when the E-mail changes', () => {
  let database: DatabaseHandle;
  const sent: MailMessage[] = [];
  let mailServerUp = false;
  const mailer: Mailer = {
    kind: 'smtp',
    send: async (message) => {
      if (!mailServerUp) throw new Error('connect ECONNREFUSED');
      sent.push(message);
      return { messageId: String(message.messageId) };
    },
    verify: async () => mailServerUp,
  } as Mailer;

  beforeAll(async () => {
    database = await openMemoryDatabase();
    await setOwnerPassword(database.transaction, password, quickPasswordHash);
  });
  afterAll(() => database.close());

  it('is written to the outbox with the change and sent by it, retried until the mail server takes it', async () => {
    let woken = 0;
    const settings = createSiteSettings({ database, onEmailChanged: () => void (woken += 1) });
    // The mail server is down when he saves: the change is saved and the notice waits in the outbox.
    // The password itself is checked by the route, counted as sign-in guesses (owner-settings.test.ts).
    await settings.saveDetails(businessDetailsFormSchema.parse(form), async () => {});
    expect(woken).toBe(1);
    expect(sent).toEqual([]);
    const [waiting] = await database.db.select().from(deliveries).where(eq(deliveries.kind, 'owner_email_changed'));
    expect(waiting).toMatchObject({ status: 'pending', quoteRequestId: null });

    const outbox = createOutboxWorker({
      database,
      deliver: () => Promise.reject(new Error('no request messages here')),
      own: ownMessageSenders({
        owner_password_reset: { deliver: () => Promise.reject(new Error('not this one')) },
        owner_password_changed: { deliver: () => Promise.reject(new Error('not this one')) },
        owner_setup_link: { deliver: () => Promise.reject(new Error('not this one')) },
        owner_email_changed: createEmailChangedMail({
          database,
          mailer,
          settings: { from: 'Rim Country Carpentry <site@rimcountry.com>', siteUrl: 'https://www.rimcountry.com' },
        }),
      }),
      logger: silentLogger,
      retryBaseMs: 0,
    });
    await outbox.runOnce();
    expect(sent).toEqual([]);
    const [failedOnce] = await database.db.select().from(deliveries).where(eq(deliveries.id, waiting!.id));
    expect(failedOnce).toMatchObject({ status: 'pending', attempts: 1 });

    mailServerUp = true;
    await outbox.runOnce();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: business.email, subject: 'The e-mail address of your website was changed' });
    expect(String(sent[0]!.text)).toContain(`from ${business.email} to dale@rimcountry.com`);
    const [done] = await database.db.select().from(deliveries).where(eq(deliveries.id, waiting!.id));
    expect(done?.status).toBe('sent');

    // Saving again with the same address writes no second notice.
    await settings.saveDetails(businessDetailsFormSchema.parse({ ...form, currentPassword: undefined }));
    expect(await database.db.select().from(deliveries).where(eq(deliveries.kind, 'owner_email_changed'))).toHaveLength(
      1,
    );
  });
});
