import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { FrozenInvoice } from '@shared/schemas/invoices';
import { pdfText } from '../../test/pdf-text';
import { invoicePdf } from './invoice-pdf';

const frozen: FrozenInvoice = {
  number: 'INV-0012',
  title: 'Framing done',
  business: { name: 'Rim Country Carpentry', licence: 'ROC 000000', phone: '(928) 555-0147', email: 'q@example.com' },
  homeowner: { name: 'Dana Whitfield', email: 'dana@example.com', phone: '(928) 555-0188', address: '' },
  project: { type: 'Deck', city: 'Pine' },
  estimateVersion: 2,
  items: [
    {
      description: 'Framing done',
      quantityMilli: 1000,
      unitPriceCents: 448_000,
      extra: false,
      lineTotalCents: 448_000,
    },
  ],
  taxRateMilli: 0,
  taxIncluded: true,
  subtotalCents: 448_000,
  taxCents: 0,
  totalCents: 448_000,
  extraCents: 0,
  jobTotalCents: 1_120_000,
  issuedOn: '2026-12-04',
  dueDate: '2026-12-18',
  payTo: { payee: '', zelle: '928-555-0147', venmo: '@RimCountry', cashApp: '', instructions: '', termsDays: 14 },
};

describe('the invoice PDF', () => {
  it('says what is due, by when and how to pay, with his Venmo QR code when he put it in', async () => {
    const png = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const bytes = await invoicePdf({ kind: 'invoice', frozen, void: false, payments: [], qr: { venmo: png } });
    const { text } = await pdfText(new Uint8Array(bytes));
    expect(text).toContain('Invoice INV-0012');
    expect(text).toContain('$4,480.00');
    expect(text).toContain('Due December 18, 2026');
    expect(text).toContain('Check: payable to Rim Country Carpentry');
    expect(text).toContain('Zelle: 928-555-0147');
    expect(bytes.toString('latin1')).toContain('/Subtype /Image');
    const without = await invoicePdf({ kind: 'invoice', frozen, void: false, payments: [] });
    expect(without.toString('latin1')).not.toContain('/Subtype /Image');
  });

  it('is a receipt headed by the payment, and says Paid in full once nothing is left', async () => {
    const payment = { amountCents: 448_000, method: 'cash-app' as const, receivedOn: '2026-12-05', reference: null };
    const bytes = await invoicePdf({ kind: 'invoice', frozen, void: false, payments: [payment], receipt: payment });
    const { text } = await pdfText(new Uint8Array(bytes));
    expect(text).toContain('Receipt: $4,480.00 received');
    expect(text).toContain('by Cash App, received December 5, 2026');
    expect(text).toContain('Paid in full');
    expect(text).not.toContain('How to pay');
  });
});
