import type { UseFormReturn } from 'react-hook-form';
import { quoteFieldNames, type QuoteFieldName } from '@shared/schemas/quote-form-post';
import type { QuoteRequest } from '@shared/schemas/quote-request';

/** What the inputs hold. The selects start at '' (their placeholder), which the schema rejects. */
export type QuoteFormValues = Record<QuoteFieldName, string>;

/** Every field empty, as a new request starts. */
export const emptyValues = Object.fromEntries(quoteFieldNames.map((name) => [name, ''])) as QuoteFormValues;

export const isQuoteFieldName = (name: string): name is QuoteFieldName => Object.hasOwn(emptyValues, name);

/** The form's react-hook-form methods, as the hooks beside this file take them. */
export type QuoteFormMethods = UseFormReturn<QuoteFormValues, unknown, QuoteRequest>;
