import type { Request, RequestHandler, Response, Router } from 'express';
import { z } from 'zod';
import { businessDetailsFormSchema, type OwnerSettings } from '@shared/schemas/business-details';
import { defaultBusiness, detailsOf } from '@shared/content/business-facts';
import type { LaunchItem } from '@shared/launch-list';
import { jsonBody } from '../http/json-body';
import { HttpError } from '../services/errors';
import { launchList } from '../services/settings/launch-list';
import type { SiteSettings } from '../services/settings/site-settings';

/** What the server's environment says about the settings. */
export interface SettingsEnvironment {
  /** BUSINESS_HOURS is set: the reminders' clock follows it (the page says so). */
  businessHours: boolean;
  /** OWNER_EMAIL: where his mail goes until he saves an E-mail (createSiteSettings). */
  ownerEmail?: string;
}

/**
 * /api/owner/settings: the business details (GET, PUT) and whether the sample projects show
 * (PUT /api/owner/settings/sample-projects), and what is left before going live (GET
 * /api/owner/launch). Mounted by ownerRoutes behind the session.
 */
export function ownerSettingsRoutes(
  router: Router,
  deps: {
    settings: SiteSettings;
    environment?: SettingsEnvironment;
    sameOrigin: RequestHandler;
    /** SITE_URL, an item of the launch list for whoever runs the server. */
    siteUrl: string;
    /** The drawn pictures and placeholder QR codes still in images/ (server/index.ts reads them). */
    launchPictures?: () => LaunchItem[] | Promise<LaunchItem[]>;
    /** Checks the current password asked for a new E-mail, counted as sign-in guesses are; throws the refusal. */
    confirmPassword: (req: Request, res: Response, password: string) => Promise<void>;
  },
): void {
  const { settings, sameOrigin } = deps;
  const environment = deps.environment ?? { businessHours: false };

  const answer = async (): Promise<OwnerSettings & { hideSampleProjects: boolean }> => {
    const saved = await settings.details();
    return {
      details: detailsOf(defaultBusiness, saved),
      saved: saved !== null,
      hoursFromEnvironment: environment.businessHours,
      mailTo: await settings.mailAddress(),
      hideSampleProjects: await settings.hideSampleProjects(),
    };
  };

  router.get('/settings', async (_req, res) => {
    res.json(await answer());
  });

  // "Before going live": the list `npm run check:launch` prints (shared/launch-list.ts).
  router.get('/launch', async (_req, res) => {
    const items = await launchList({ details: settings.details, pictures: deps.launchPictures, siteUrl: deps.siteUrl });
    res.json({ items });
  });

  router.put('/settings', sameOrigin, jsonBody({ limitBytes: 8 * 1024 }), async (req, res) => {
    const parsed = businessDetailsFormSchema.safeParse(req.body);
    if (!parsed.success) {
      const { fieldErrors } = z.flattenError(parsed.error);
      throw new HttpError(400, parsed.error.issues[0]?.message ?? 'The details are not valid.', { fieldErrors });
    }
    await settings.saveDetails(parsed.data, (password) => deps.confirmPassword(req, res, password));
    res.json(await answer());
  });

  router.put('/settings/sample-projects', sameOrigin, jsonBody({ limitBytes: 256 }), async (req, res) => {
    const parsed = z.object({ hidden: z.boolean() }).safeParse(req.body);
    if (!parsed.success) throw new HttpError(400, 'Say whether the sample projects are hidden (true or false).');
    await settings.setHideSampleProjects(parsed.data.hidden);
    res.json(await answer());
  });
}
