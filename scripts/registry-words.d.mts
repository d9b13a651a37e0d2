/** How each resource is imported: its id attribute and the key form, or why it cannot be. */
export const IMPORTS: Readonly<
  Record<string, { id: string; idExample: string; key: string; keyExample: string } | { refused: readonly string[] }>
>;
/** What each ephemeral resource's page says of its lifetime, as lines of markdown. */
export const LIFETIMES: Readonly<Record<string, readonly string[]>>;
