// Authoring types of the demo catalogue (the shape content is written in, before ids exist),
// inferred from the content-seed/ schemas.
import type { z } from 'zod';
import type { ActSchema, CitySeedSchema, CountrySeedSchema, PoiSeedSchema, SuitableSchema, SustainabilitySchema } from './content-schemas.ts';

/** Short activity codes used while authoring; tags.ts maps them to activity-type tag slugs. */
export type Act = z.infer<typeof ActSchema>;
export type PoiSeed = z.infer<typeof PoiSeedSchema>;
export type CitySeed = z.infer<typeof CitySeedSchema>;
export type CountrySeed = z.infer<typeof CountrySeedSchema>;
export type Sustainability = z.infer<typeof SustainabilitySchema>;
export type Suitable = z.infer<typeof SuitableSchema>;
