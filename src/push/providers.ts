import { ApnsProvider } from './apns.js';
import type { PushConfig } from './config.js';
import { FcmProvider } from './fcm.js';
import type { PushPlatform, PushProvider } from './types.js';
import { WebPushProvider } from './web-push.js';

export type PushProviders = Partial<Record<PushPlatform, PushProvider>>;

/** The provider of each platform that is configured: web → Web Push, android → FCM, ios → APNs. */
export function createPushProviders(config: PushConfig): PushProviders {
  const providers: PushProviders = {};
  if (config.webPush) providers.web = new WebPushProvider(config.webPush, config.webPushAllowHttp);
  if (config.fcm) providers.android = new FcmProvider(config.fcm);
  if (config.apns) providers.ios = new ApnsProvider(config.apns);
  return providers;
}
