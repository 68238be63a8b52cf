import { businessWith } from '@shared/content/business-facts';
import type { Database } from '../../db/client';
import { savedBusinessDetails } from '../settings/site-settings';

export interface EstimateBusiness {
  name: string;
  licence: string;
  phone: string;
  email: string;
}

/**
 * The business's details as an estimate shows them, read in this one place: what the owner saved
 * in /owner/settings, else shared/content/business.ts's. A sent estimate freezes what this
 * returns at that moment (name, licence, phone, e-mail).
 */
export async function estimateBusinessSnapshot(db: Database): Promise<EstimateBusiness> {
  const business = businessWith(await savedBusinessDetails(db));
  return { name: business.name, licence: business.rocLicense, phone: business.phoneDisplay, email: business.email };
}
