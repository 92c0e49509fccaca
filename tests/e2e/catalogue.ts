// Reads the catalogue through the API (snake_case on the wire, camelCase here) to know what
// the built pages must show.
import type { BlogDetail, BlogSummary } from '../../src/contract/blogs.ts';
import type { CityDetail } from '../../src/contract/cities.ts';
import type { Country } from '../../src/contract/countries.ts';
import type { OptionDetail, OptionSummary } from '../../src/contract/options.ts';
import { camelizeKeys } from '../../src/lib/key-case.ts';

type Api = <T = Record<string, unknown>>(path: string) => Promise<T>;

export async function firstOption(api: Api): Promise<OptionDetail> {
  const { options } = camelizeKeys<{ options: OptionSummary[] }>(await api('/options?per=20'));
  const summary = options.find((o) => o.image && o.fromPrice) ?? options[0];
  if (!summary) throw new Error('The catalogue has no experience');
  return camelizeKeys<OptionDetail>(await api(`/options/${summary.slugCode}`));
}

export async function firstCountry(api: Api): Promise<Country> {
  const { countries } = camelizeKeys<{ countries: Country[] }>(await api('/countries?per=20'));
  const country = countries.find((c) => c.optionsCount > 0) ?? countries[0];
  if (!country) throw new Error('The catalogue has no country');
  return country;
}

export async function firstCity(api: Api): Promise<CityDetail> {
  const { cities } = camelizeKeys<{ cities: { slug: string; optionsCount: number }[] }>(await api('/cities?per=20'));
  const city = cities.find((c) => c.optionsCount > 0) ?? cities[0];
  if (!city) throw new Error('The catalogue has no city');
  return camelizeKeys<CityDetail>(await api(`/cities/${city.slug}`));
}

/** The article (among the newest) whose body uses the most kinds of block. */
export async function richestArticle(api: Api): Promise<BlogDetail> {
  const { blogs } = camelizeKeys<{ blogs: BlogSummary[] }>(await api('/blogs?per=12'));
  let best: BlogDetail | undefined;
  let bestKinds = -1;
  for (const b of blogs) {
    const detail = camelizeKeys<BlogDetail>(await api(`/blogs/${b.slug}`));
    const kinds = new Set(detail.body.map((block) => block.type)).size;
    if (kinds > bestKinds) [best, bestKinds] = [detail, kinds];
  }
  if (!best) throw new Error('The catalogue has no article');
  return best;
}
