import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names. They are not merged: a className passed to a component adds classes and
 * never overrides one for the same property, so components offer variants or size props instead.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
