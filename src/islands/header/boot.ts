// Runs on every page with the header, before any interaction (a few hundred bytes): points the
// login links at the login page with this page's real path and query. Pages are built once
// and shell pages serve many paths, so the build can only guess; the islands read the same
// location when they hydrate.
import { isCheckoutPath, loginHref } from '../../lib/header-paths.ts';
import { prefetchHeaderMenus } from './menu-fragment.ts';

const href = loginHref(window.location.pathname, window.location.search);
for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-login-link]')) link.setAttribute('href', href);

// The bag badge from the first paint: the cart store keeps these in step once the header hydrates.
try {
  if (localStorage.getItem('cartId') && localStorage.getItem('cartCount')) document.documentElement.setAttribute('data-cart-count', '1');
} catch {
  // storage disabled: the badge appears when the bag is read
}

// The bag does nothing on /checkout (a shell page: only the browser knows it is there), and the
// plain-HTML opening of a first tap (docs/decisions/0027) skips a disabled trigger.
if (isCheckoutPath(window.location.pathname)) document.querySelector('.hcart__trigger')?.setAttribute('aria-disabled', 'true');

// The menus' content comes from its own file (docs/decisions/0048): fetched at idle after load,
// or on the first hover, focus or tap of the navigation or the phone's menu button.
prefetchHeaderMenus();
