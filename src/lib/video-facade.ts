// What a video article shows in place of a player (spec §5 video ids): for a valid id, a local
// poster page for the frame's srcdoc (our own image and a play link, no script, nothing from
// YouTube until the reader presses play); for anything else, a clear fallback and no player.
import type { Image } from '../contract/common.ts';
import { responsiveImage } from './format-image.ts';
import { isVideoId, videoEmbedUrl } from './magazine.ts';

export type VideoFacade =
  | { kind: 'player'; videoId: string; srcdoc: string; watchUrl: string }
  | { kind: 'unavailable'; title: string; message: string };

export const VIDEO_UNAVAILABLE = {
  title: 'This video can’t be played',
  message: 'Its link is not a valid video address, so no player was loaded. The story continues below.',
} as const;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const POSTER_STYLE = [
  'html,body{margin:0;height:100%;background:#16291f;overflow:hidden}',
  'a{position:absolute;inset:0;display:block;color:#fff;font:500 14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;text-decoration:none}',
  'img{display:block;width:100%;height:100%;object-fit:cover}',
  'a::after{content:"";position:absolute;inset:0;background:linear-gradient(180deg,rgba(22,41,31,.05) 35%,rgba(22,41,31,.88))}',
  '.play{position:absolute;z-index:1;left:50%;top:50%;width:76px;height:76px;margin:-38px 0 0 -38px;border-radius:50%;background:#a94f2a;box-shadow:0 6px 24px rgba(0,0,0,.35);transition:transform .15s}',
  '.play::before{content:"";position:absolute;left:29px;top:23px;border-style:solid;border-width:15px 0 15px 24px;border-color:transparent transparent transparent #fff}',
  'a:hover .play,a:focus-visible .play{transform:scale(1.08)}',
  'a:focus-visible{outline:3px solid #fff;outline-offset:-6px}',
  '.note{position:absolute;z-index:1;left:20px;right:20px;bottom:16px;margin:0;color:#fff;font:500 14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
  '.label{position:absolute;z-index:1;left:20px;bottom:38px;font-size:18px;font-weight:650}',
  '.note{pointer-events:none}',
  '@media (max-width:480px){.note{display:none}.label{bottom:14px}.play{width:60px;height:60px;margin:-30px 0 0 -30px}.play::before{left:23px;top:18px;border-width:12px 0 12px 19px}}',
  '@media (prefers-reduced-motion:reduce){.play{transition:none}}',
].join('');

/** The frame's poster document: a link to the player over our own image. */
export function posterDocument(id: string, title: string, poster: Pick<Image, 'url' | 'width' | 'height'> | null): string {
  const img = poster ? responsiveImage(poster) : undefined;
  const image = img ? `<img src="${esc(img.src)}" srcset="${esc(img.srcset)}" sizes="100vw" width="${img.width}" height="${img.height}" alt="">` : '';
  // The link is named "Play video: <title>" and shows "Play video"; the note sits outside it,
  // so what is seen is part of what is announced.
  return (
    '<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>${esc(`Play video: ${title}`)}</title><style>${POSTER_STYLE}</style></head><body>` +
    `<a href="${esc(videoEmbedUrl(id))}" aria-label="${esc(`Play video: ${title}`)}">${image}<span class="play"></span>` +
    '<span class="label">Play video</span></a>' +
    '<p class="note" aria-hidden="true">Plays from YouTube in privacy-enhanced mode.</p>' +
    '</body></html>'
  );
}

export function videoFacade(videoId: string | null | undefined, title: string, poster: Pick<Image, 'url' | 'width' | 'height'> | null): VideoFacade {
  if (!isVideoId(videoId)) return { kind: 'unavailable', ...VIDEO_UNAVAILABLE };
  return { kind: 'player', videoId, srcdoc: posterDocument(videoId, title, poster), watchUrl: `https://www.youtube.com/watch?v=${videoId}` };
}
