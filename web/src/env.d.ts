/// <reference types="vite/client" />

/** A message catalogue, compiled at build time by web/build/messages-plugin.ts. */
declare module 'virtual:messages/*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
