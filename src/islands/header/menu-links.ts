// The mobile menu's sub-panels are drawn from the desktop menus' links (MobilePanels.astro says
// why): the Destinations, Gifts and About panels rendered by SiteHeader mark their lists with
// data-menu-list and, where a link holds more than its name, the name with data-menu-name; the
// way to every gift is data-menu-all.
export type MenuLink = { name: string; href: string };
export type MenuCountry = MenuLink & { slug: string; cities: MenuLink[] };
export type MenuLinks = { destinations: MenuCountry[]; giftCollections: MenuLink[]; giftGuides: MenuLink[]; allGiftsHref: string; about: MenuLink[] };

const linkOf = (a: HTMLAnchorElement): MenuLink => ({
  name: (a.querySelector('[data-menu-name]') ?? a).textContent?.trim() ?? '',
  href: a.getAttribute('href') ?? '',
});

const linksIn = (root: ParentNode, list: string): MenuLink[] =>
  [...root.querySelectorAll<HTMLAnchorElement>(`[data-menu-list="${list}"] > li > a[href]`)].map(linkOf);

export function readMenuLinks(root: ParentNode = document): MenuLinks {
  const destinations = [...root.querySelectorAll<HTMLAnchorElement>('[data-menu-list="destinations"] > li > a[data-menu-country]')].map((a) => ({
    ...linkOf(a),
    slug: a.dataset['menuCountry'] ?? '',
    cities: [...(a.parentElement?.querySelectorAll<HTMLAnchorElement>(':scope > ul a[href]') ?? [])].map(linkOf),
  }));
  return {
    destinations,
    giftCollections: linksIn(root, 'gift-collections'),
    giftGuides: linksIn(root, 'gift-guides'),
    allGiftsHref: root.querySelector('a[data-menu-all]')?.getAttribute('href') ?? '/gifts',
    about: linksIn(root, 'about'),
  };
}
