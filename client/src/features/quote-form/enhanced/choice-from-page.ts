import { projectTypeServices } from '@shared/content/project-services';
import { locationNames } from '@shared/content/names';
import type { LocationSlug } from '@shared/content/slugs';
import type { QuoteFormValues } from './quote-form-values';

/** The town an area page stands for; the statewide page names none. */
const townOfArea: Partial<Record<LocationSlug, string>> = {
  payson: locationNames.payson,
  strawberry: locationNames.strawberry,
  pine: locationNames.pine,
  'phoenix-projects': 'Phoenix',
};

/** What a page chooses for the form: a service page its project type, an area page its town. */
export function choiceFromPage(path: string | undefined): Partial<Pick<QuoteFormValues, 'projectType' | 'city'>> {
  const [, section, slug, rest] = (path ?? '').split('/');
  if (!slug || rest !== undefined) return {};
  if (section === 'services') {
    const type = Object.entries(projectTypeServices).find(([, service]) => service === slug)?.[0];
    return type ? { projectType: type } : {};
  }
  if (section === 'locations') {
    const town = townOfArea[slug as LocationSlug];
    return town ? { city: town } : {};
  }
  return {};
}

/**
 * The form's values with the choice of the page the visitor came from, where it replaces nothing
 * typed: a field the draft left empty, or any, while the draft holds nothing of his own (no name,
 * phone, e-mail or message: only an earlier page's choice).
 */
export function withChoiceFromPage(values: QuoteFormValues, path: string | undefined): QuoteFormValues {
  const choice = choiceFromPage(path);
  const typedAnything = Boolean(values.name || values.phone || values.email || values.message);
  const chosen = { ...values };
  if (choice.projectType && (!typedAnything || !values.projectType)) chosen.projectType = choice.projectType;
  if (choice.city && (!typedAnything || !values.city)) chosen.city = choice.city;
  return chosen;
}
