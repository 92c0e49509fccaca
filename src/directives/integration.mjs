/** Registers `client:interaction` (see interaction.ts and docs/decisions/0005). */
export default function interactionDirective() {
  return {
    name: 'verdant:client-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: './src/directives/interaction.ts' });
      },
    },
  };
}
