import { business } from '@shared/content/business';

/**
 * The business's details as an estimate shows them, read in this one place: a sent estimate
 * freezes what this returns at that moment (name, licence, phone, e-mail).
 */
export async function estimateBusinessSnapshot(): Promise<{
  name: string;
  licence: string;
  phone: string;
  email: string;
}> {
  return { name: business.name, licence: business.rocLicense, phone: business.phoneDisplay, email: business.email };
}
