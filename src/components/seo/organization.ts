// The organisation's JSON-LD with the rating computed from the site reviews in the content
// cache (never a fixed figure), for the home page and /customer-reviews.
import { organizationJsonLd, type JsonLdObject } from '../../lib/seo.ts';
import { getSiteAggregate } from '../info/info-data.ts';

/** The logo search engines show beside the organisation (the brand mark at /favicon.svg). */
export const LOGO_PATH = '/favicon.svg';

export async function getOrganizationJsonLd(site: URL): Promise<JsonLdObject> {
  return organizationJsonLd({ site, logoPath: LOGO_PATH, aggregate: await getSiteAggregate() });
}
