/// <reference types="astro/client" />

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on first hover, focus, click or touch; "shared" also when any island hydrates. */
    'client:interaction'?: boolean | 'shared';
  }
}

declare global {
  namespace App {
    interface Locals {
      /** The icons whose symbol this page already holds (src/components/Icon.astro). */
      iconsShown?: Set<string>;
    }
  }
}

export {};
