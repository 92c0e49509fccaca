/// <reference types="astro/client" />

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on first hover, focus, click or touch; "shared" also when any island hydrates. */
    'client:interaction'?: boolean | 'shared';
  }
}

export {};
