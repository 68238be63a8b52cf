import { z } from 'zod';
import { isCalendarDay } from '../arizona-time';
import { maxAmount } from './owner-money';

/**
 * Invoices and the payments recorded on them (server/services/invoices): the zod schemas the
 * owner's app and the API both parse with, the words both show, and the API's shapes. Amounts are
 * dollars with cents in the API, integer cents on the server.
 */

export const invoiceKinds = ['part', 'final', 'items'] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

export const paymentMethods = ['check', 'cash', 'zelle', 'venmo', 'cash-app', 'other'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  check: 'Check',
  cash: 'Cash',
  zelle: 'Zelle',
  venmo: 'Venmo',
  'cash-app': 'Cash App',
  other: 'Other',
};

/** How a payment reads in a sentence: "$1,000.00 by check", "by Zelle", "by other means". */
export const paymentMethodWords: Record<PaymentMethod, string> = {
  check: 'check',
  cash: 'cash',
  zelle: 'Zelle',
  venmo: 'Venmo',
  'cash-app': 'Cash App',
  other: 'other means',
};

export const invoiceLimits = {
  maxItems: 50,
  maxDescription: 300,
  maxReference: 60,
  maxNote: 500,
  maxDueDays: 365,
  maxTermsDays: 365,
  maxDetail: 120,
  maxInstructions: 1000,
} as const;

const isCents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const daySchema = (what: string) =>
  z
    .string({ error: `${what} must be a date, such as 2026-12-31.` })
    .regex(dayPattern, `${what} must be a date, such as 2026-12-31.`)
    .refine(isCalendarDay, `${what} must be a real date.`);

export const invoiceLineSchema = z
  .object({
    description: z
      .string({ error: 'Each line needs a description.' })
      .trim()
      .min(1, 'Each line needs a description.')
      .max(
        invoiceLimits.maxDescription,
        `A line's description can have at most ${invoiceLimits.maxDescription} characters.`,
      ),
    quantity: z
      .number({ error: 'The quantity must be a number, such as 1 or 12.5.' })
      .positive('The quantity must be more than 0.')
      .max(100_000, 'The quantity can be at most 100,000.')
      .refine((q) => Math.abs(Math.round(q * 1000) - q * 1000) < 1e-6, 'The quantity can have at most 3 decimals.')
      .optional()
      .default(1),
    unitPrice: z
      .number({ error: 'The unit price must be a number of dollars, such as 1250 or 89.50.' })
      .min(0, 'The unit price cannot be negative.')
      .max(maxAmount, 'The unit price can be at most $10,000,000.')
      .refine(isCents, 'The unit price is in dollars and cents (at most 2 decimals).'),
    /** Work beyond the approved estimate and its change orders: billed on top, named so. */
    extra: z.boolean({ error: 'extra must be true or false.' }).optional().default(false),
  })
  .strict();

/** POST /api/owner/requests/<id>/invoices: a schedule part, lines, or neither (the final invoice for what is left). */
export const invoiceInputSchema = z
  .object({
    part: z
      .number({ error: 'part is the number of a part of the schedule: 0 for the first.' })
      .int('part is the number of a part of the schedule: 0 for the first.')
      .min(0, 'part is the number of a part of the schedule: 0 for the first.')
      .max(100, 'This job’s schedule has no such part.')
      .optional(),
    items: z
      .array(invoiceLineSchema, { error: 'The invoice’s lines (items) are a list.' })
      .min(1, 'An invoice of lines needs at least one line.')
      .max(invoiceLimits.maxItems, `An invoice can have at most ${invoiceLimits.maxItems} lines.`)
      .optional(),
    dueDate: daySchema('The due date').optional(),
  })
  .strict()
  .refine((input) => input.part === undefined || input.items === undefined, {
    message: 'An invoice is for a part of the schedule or for lines, not both.',
  });
export type InvoiceInput = z.input<typeof invoiceInputSchema>;
export type InvoiceInputParsed = z.output<typeof invoiceInputSchema>;

export const paymentInputSchema = z
  .object({
    amount: z
      .number({ error: 'The amount must be a number of dollars, such as 1500 or 89.50.' })
      .gt(0, 'The amount must be more than $0.')
      .max(maxAmount, 'The amount can be at most $10,000,000.')
      .refine(isCents, 'The amount is in dollars and cents (at most 2 decimals).'),
    method: z.enum(paymentMethods, 'How it was paid must be check, cash, zelle, venmo, cash-app or other.'),
    receivedOn: daySchema('The day it came'),
    reference: z
      .string({ error: 'The check number or reference must be text.' })
      .trim()
      .max(
        invoiceLimits.maxReference,
        `The check number or reference can have at most ${invoiceLimits.maxReference} characters.`,
      )
      .optional(),
    note: z
      .string({ error: 'The note must be text.' })
      .trim()
      .max(invoiceLimits.maxNote, `The note can have at most ${invoiceLimits.maxNote} characters.`)
      .optional(),
  })
  .strict();
export type PaymentInput = z.input<typeof paymentInputSchema>;
export type PaymentInputParsed = z.output<typeof paymentInputSchema>;

const detail = (what: string, max: number = invoiceLimits.maxDetail) =>
  z
    .string({ error: `${what} must be text.` })
    .trim()
    .max(max, `${what} can have at most ${max} characters.`);

/** GET/PUT /api/owner/payment-details: how the homeowner pays him, printed on every invoice. */
export const paymentDetailsSchema = z
  .object({
    payee: detail('Make checks payable to'),
    zelle: detail('The Zelle e-mail or mobile number'),
    venmo: detail('The Venmo name'),
    cashApp: detail('The Cash App name'),
    instructions: detail('Other instructions', invoiceLimits.maxInstructions),
    termsDays: z
      .number({ error: 'The payment terms are a number of days, such as 14.' })
      .int('The payment terms are a whole number of days.')
      .min(0, 'The payment terms cannot be negative.')
      .max(invoiceLimits.maxTermsDays, `The payment terms can be at most ${invoiceLimits.maxTermsDays} days.`),
  })
  .strict();
export type PaymentDetails = z.output<typeof paymentDetailsSchema>;

export const defaultPaymentDetails: PaymentDetails = {
  payee: '',
  zelle: '',
  venmo: '',
  cashApp: '',
  instructions: '',
  termsDays: 14,
};

/** A line as stored: integer cents and thousandths of a unit. */
export interface InvoiceLineCents {
  description: string;
  quantityMilli: number;
  unitPriceCents: number;
  extra: boolean;
}

/** What the homeowner reads, fixed when the invoice is made. */
export interface FrozenInvoice {
  number: string;
  title: string;
  business: { name: string; licence: string; phone: string; email: string };
  homeowner: { name: string; email: string; phone: string; address: string };
  project: { type: string; city: string };
  estimateVersion: number;
  items: (InvoiceLineCents & { lineTotalCents: number })[];
  taxRateMilli: number;
  /** Schedule parts and final invoices are shares of a total with tax: the tax is included, not added. */
  taxIncluded: boolean;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  /** Of which extra work, beyond the approved job. */
  extraCents: number;
  /** The job's approved total with its change orders when the invoice was made. */
  jobTotalCents: number;
  issuedOn: string;
  dueDate: string;
  payTo: PaymentDetails;
}

/** INV-0001 */
export const invoiceNumber = (number: number) => `INV-${String(number).padStart(4, '0')}`;

export interface OwnerPayment {
  id: string;
  amount: number;
  method: PaymentMethod;
  receivedOn: string;
  reference: string | null;
  note: string | null;
  undone: boolean;
}

/** What the owner's app gets for each invoice (GET /api/owner/requests/<id> `invoices`). */
export interface OwnerInvoice {
  id: string;
  number: string;
  title: string;
  kind: InvoiceKind;
  part: number | null;
  status: 'open' | 'void';
  total: number;
  extra: number;
  paid: number;
  balance: number;
  dueDate: string;
  overdue: boolean;
  sentAt: string | null;
  url: string;
  payments: OwnerPayment[];
}

/** The job's billing on a request: its schedule's parts with their amounts now, and what is left to bill. */
export interface JobBilling {
  total: number;
  billed: number;
  left: number;
  parts: {
    index: number;
    label: string;
    due: 'approval' | 'milestone' | 'completion';
    amount: number;
    invoice: string | null;
  }[];
}

/** Dollars with cents, from cents. */
export const toDollars = (cents: number) => cents / 100;

/** One line of who owes what (GET /api/owner/books/outstanding): an open invoice with a balance. */
export interface Outstanding {
  invoiceId: string;
  requestId: string;
  number: string;
  name: string;
  title: string;
  balance: number;
  dueDate: string;
  /** Days past the due date (0 or less: not yet due). */
  daysPastDue: number;
}
