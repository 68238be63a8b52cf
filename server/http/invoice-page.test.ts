import { describe, expect, it } from 'vitest';
import type { FrozenInvoice } from '@shared/schemas/invoices';
import { renderInvoicePage, type InvoicePageView } from './invoice-page';

const frozen: FrozenInvoice = {
  number: 'INV-0007',
  title: 'Deposit',
  business: { name: 'Rim Country Carpentry', licence: 'ROC 000000', phone: '(928) 555-0147', email: 'q@example.com' },
  homeowner: { name: 'Dana Whitfield', email: 'dana@example.com', phone: '(928) 555-0188', address: '12 Pine St' },
  project: { type: 'Deck', city: 'Pine' },
  estimateVersion: 1,
  items: [
    { description: 'Deposit', quantityMilli: 1000, unitPriceCents: 300_000, extra: false, lineTotalCents: 300_000 },
  ],
  taxRateMilli: 0,
  taxIncluded: true,
  subtotalCents: 300_000,
  taxCents: 0,
  totalCents: 300_000,
  extraCents: 0,
  jobTotalCents: 1_000_000,
  issuedOn: '2026-12-04',
  dueDate: '2026-12-18',
  payTo: { payee: '', zelle: '', venmo: '@RimCountry', cashApp: '$RimCountry', instructions: '', termsDays: 14 },
};
const qr = {
  id: '0b6a1f5e-8f40-4a8e-9d0c-2b1f3c4d5e6f',
  width: 600,
  height: 600,
  widths: [240, 480, 600],
  placeholder: '',
  format: 'png' as const,
};
const view = (over: Partial<InvoicePageView> = {}): InvoicePageView => ({
  token: 'x'.repeat(43),
  frozen,
  void: false,
  payments: [],
  balanceCents: 300_000,
  overdue: false,
  qr: {},
  ...over,
});

describe('her invoice page', () => {
  it('shows his Venmo and Cash App QR codes once he put them in, and none before', () => {
    const without = renderInvoicePage(view()).main;
    expect(without).toContain('@RimCountry');
    expect(without).not.toContain('<img');
    const withCodes = renderInvoicePage(view({ qr: { venmo: qr, cashApp: qr } })).main;
    expect(withCodes).toContain(`alt="Venmo QR code for @RimCountry"`);
    expect(withCodes).toContain(`alt="Cash App QR code for $RimCountry"`);
    expect(withCodes).toContain(`${qr.id}-480.png`);
  });

  it('says Paid in full and no longer how to pay once paid, and past due when late', () => {
    const paid = renderInvoicePage(
      view({
        balanceCents: 0,
        payments: [{ amountCents: 300_000, method: 'venmo', receivedOn: '2026-12-05', reference: null }],
      }),
    );
    expect(paid.main).toContain('Paid in full');
    expect(paid.main).toContain('by Venmo, received December 5, 2026');
    expect(paid.main).not.toContain('How to pay');
    expect(renderInvoicePage(view({ overdue: true })).main).toContain('Past due');
    expect(renderInvoicePage(view({ void: true, balanceCents: 0 })).main).toContain('nothing is due');
  });
});
