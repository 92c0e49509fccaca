// Small pieces of the chat screens: a person's or operator's picture (or initials) and the line
// icons (the header's 24 px grid and stroke).
import { initialsOf } from '../../lib/chat-thread.ts';

export function Avatar({ name, imageUrl, small = false }: { name: string; imageUrl: string | null; small?: boolean }) {
  return (
    <span className={`chat-avatar${small ? ' chat-avatar--small' : ''}`} aria-hidden="true">
      {imageUrl ? <img src={imageUrl} alt="" width={48} height={48} loading="lazy" /> : initialsOf(name)}
    </span>
  );
}

const base = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.6,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
};

export const SearchIcon = () => (
  <svg {...base} width={18} height={18}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m16 16 4.5 4.5" />
  </svg>
);

export const CloseIcon = ({ size = 18 }: { size?: number }) => (
  <svg {...base} width={size} height={size}>
    <path d="M6 6l12 12M18 6 6 18" />
  </svg>
);

export const BackIcon = () => (
  <svg {...base} width={22} height={22}>
    <path d="M15 5l-7 7 7 7" />
  </svg>
);

export const AttachIcon = () => (
  <svg {...base} width={22} height={22}>
    <path d="M20 11.5 12.3 19.2a5 5 0 0 1-7.1-7.1l8-8a3.3 3.3 0 0 1 4.7 4.7l-8 8a1.7 1.7 0 0 1-2.4-2.4l7.3-7.3" />
  </svg>
);

export const SendIcon = () => (
  <svg {...base} width={20} height={20} strokeWidth={1.9}>
    <path d="M12 19V5M6 11l6-6 6 6" />
  </svg>
);
