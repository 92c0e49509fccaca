// Entry of the pop-up's code, imported dynamically by the overlays' boot script when the
// 30 s timer fires: the first React this page loads.
import { createRoot } from 'react-dom/client';
import NewsletterPopup from './NewsletterPopup.tsx';

/** Mounts the pop-up into `container`; it removes itself after closing (and its exit transition). */
export function mountNewsletterPopup(container: HTMLElement): void {
  const root = createRoot(container);
  const onClosed = () => setTimeout(() => root.unmount(), 400);
  root.render(<NewsletterPopup onClosed={onClosed} />);
}
