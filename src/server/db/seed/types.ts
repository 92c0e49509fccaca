// Authoring types of the demo catalogue (the shape content is written in, before ids exist).
import type { Theme } from '../../images/pool.ts';

/** Short activity codes used while authoring; tags.ts maps them to activity-type tag slugs. */
export type Act =
  | 'hike' | 'wild' | 'dive' | 'kayak' | 'cycle' | 'food' | 'culture' | 'camp'
  | 'bird' | 'raft' | 'climb' | 'photo' | 'well' | 'boat' | 'cave' | 'stay';

export type PoiSeed = {
  slug: string;
  name: string;
  lat: number;
  lng: number;
  description: string;
  acts: Act[];
};

export type CitySeed = {
  slug: string;
  name: string;
  featured: boolean;
  lat: number;
  lng: number;
  tagline: string;
  description: string;
  /** A noun phrase composed copy can drop into a sentence: "the limestone karsts of Phang Nga Bay". */
  scene: string;
  /** Best months, as a phrase: "November to April". */
  season: string;
  themes: Theme[];
  acts: Act[];
  pois: PoiSeed[];
};

export type CountrySeed = {
  slug: string;
  code: string;
  name: string;
  currency: string;
  region: 'Southeast Asia' | 'South Asia' | 'East Asia';
  tagline: string;
  description: string[];
  facts: [string, string][];
  /** Calling code for made-up operator phone numbers. */
  dial: string;
  cities: CitySeed[];
};

/** "Name|lat|lng|acts|description" is long to read; a helper keeps the data tables compact. */
export function poi(name: string, lat: number, lng: number, acts: string, description: string, slug?: string): PoiSeed {
  return {
    slug: slug ?? name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/&/g, 'and').replace(/['’]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, ''),
    name,
    lat,
    lng,
    description,
    acts: acts.split(' ').filter(Boolean) as Act[],
  };
}

export type Sustainability =
  | 'wildlife_safe' | 'litter_free_leave_no_trace' | 'low_carbon' | 'refuse_plastics' | 'community_based' | 'women_owned';

export type Suitable = 'families' | 'couples' | 'solo-travellers' | 'groups' | 'seniors' | 'kids';
