import type { ProviderHandler } from '../types.js';

/** Makes a provider on first use only, so a start-up that never needs it never loads its modules. */
export class LazyProvider {
  private pending: Promise<ProviderHandler> | undefined;

  constructor(private readonly factory: () => Promise<ProviderHandler>) {}

  /** The provider, made by the first call (a failed factory fails every call the same way). */
  get(): Promise<ProviderHandler> {
    this.pending ??= this.factory();
    return this.pending;
  }

  /**
   * The provider if it was made or is being made (waiting for it), else undefined: shutdown uses
   * this so it never loads a provider just to stop it.
   */
  async ifMade(): Promise<ProviderHandler | undefined> {
    if (this.pending === undefined) return undefined;
    return this.pending.catch(() => undefined);
  }
}
