/// <reference types="vite/client" />

/** A part of a message catalogue, compiled at build time by web/build/messages-plugin.ts. */
declare module 'virtual:messages/*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

/** The loaders of the catalogues' parts, by language and part (web/build/message-parts.ts). */
declare module 'virtual:messages' {
  import type { Messages } from '@lingui/core';
  type Parts =
    | 'shell-public'
    | 'shell-office'
    | 'account'
    | 'links'
    | 'payment'
    | 'office'
    | 'clients'
    | 'desk'
    | 'notifications'
    | 'waitlist'
    | 'inventory'
    | 'payments'
    | 'campaigns'
    | 'system'
    | 'receipts'
    | 'till'
    | 'manage'
    | 'agenda';
  export const catalogueLoaders: Record<'en' | 'nl', Record<Parts, () => Promise<{ messages: Messages }>>>;
}
