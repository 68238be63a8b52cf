import {
  estimateTotals,
  lineTotalCents,
  maxTotalCents,
  toCents,
  toMilli,
  type EstimateItemCents,
} from '@shared/schemas/estimates';
import { HttpError } from '../errors';

const tooLarge = () => new HttpError(400, 'The estimate’s total can be at most $10,000,000.');

/** The lines in cents, checked: with every optional line and the tax, the total stays within the largest amount. */
export function linesOf(
  input: readonly { description: string; quantity: number; unitPrice: number; optional?: boolean }[],
  taxRateMilli: number,
): EstimateItemCents[] {
  const items = input.map((item) => ({
    description: item.description,
    quantityMilli: toMilli(item.quantity),
    unitPriceCents: toCents(item.unitPrice),
    optional: item.optional ?? false,
  }));
  checkLimits(items, taxRateMilli);
  return items;
}

/** Each line, and the total with every option, within $10,000,000 either way (a change order's credits are below zero). */
export function checkLimits(items: EstimateItemCents[], taxRateMilli: number) {
  if (items.some((item) => Math.abs(lineTotalCents(item)) > maxTotalCents)) throw tooLarge();
  const all = items.map((_, index) => index);
  if (Math.abs(estimateTotals(items, taxRateMilli, all).totalCents) > maxTotalCents) throw tooLarge();
}
