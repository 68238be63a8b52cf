/** Form controls of the inbox, in the quote form's look (a white box, pine focus, rim-red errors). */
export const controlClass =
  'block w-full rounded-lg border border-ink-muted/60 bg-white text-base text-ink shadow-xs transition-colors placeholder:text-ink-muted hover:border-ink-muted focus-visible:border-pine-600 aria-invalid:border-rim-600 aria-invalid:ring-1 aria-invalid:ring-rim-600';
export const labelClass = 'block text-sm leading-5 font-semibold text-pine-900';
export const cardClass = 'rounded-xl border border-cream-200 bg-white shadow-sm';
