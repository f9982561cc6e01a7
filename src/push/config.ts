import { readFileSync } from 'node:fs';

/**
 * Push providers, each configured by environment and each optional: a platform whose
 * provider is not configured gets no push (its device tokens are kept for when it is).
 */
export interface PushConfig {
  /** Web Push (platform `web`): VAPID key pair, base64url as printed by `npx web-push generate-vapid-keys`. */
  webPush: { publicKey: string; privateKey: string; subject: string } | null;
  /**
   * Web Push endpoints come from browsers and are always https; plain http endpoints are
   * refused unless this is on (test set-ups with a local push service only).
   */
  webPushAllowHttp: boolean;
  /** Firebase Cloud Messaging HTTP v1 (platform `android`): a service-account key. */
  fcm: { projectId: string; clientEmail: string; privateKey: string; tokenUri: string; apiUrl: string } | null;
  /** Apple Push Notification service (platform `ios`): a token-based (.p8) key. */
  apns: { keyId: string; teamId: string; privateKey: string; topic: string; url: string } | null;
}

export class PushConfigError extends Error {}

function optional(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

function readKeyFile(name: string, path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new PushConfigError(`${name}: cannot read "${path}" (${(error as Error).message})`);
  }
}

function webPushConfig(env: NodeJS.ProcessEnv): PushConfig['webPush'] {
  const publicKey = optional(env, 'PUSH_VAPID_PUBLIC_KEY');
  const privateKey = optional(env, 'PUSH_VAPID_PRIVATE_KEY');
  if (!publicKey && !privateKey) return null;
  if (!publicKey || !privateKey) {
    throw new PushConfigError('PUSH_VAPID_PUBLIC_KEY and PUSH_VAPID_PRIVATE_KEY go together');
  }
  const subject = optional(env, 'PUSH_VAPID_SUBJECT');
  if (!subject || !/^(mailto:|https:\/\/)/.test(subject)) {
    throw new PushConfigError('PUSH_VAPID_SUBJECT must be a mailto: or https:// contact of the salon');
  }
  return { publicKey, privateKey, subject };
}

function fcmConfig(env: NodeJS.ProcessEnv): PushConfig['fcm'] {
  const file = optional(env, 'FCM_SERVICE_ACCOUNT_FILE');
  if (!file) return null;
  let account: Record<string, unknown>;
  try {
    account = JSON.parse(readKeyFile('FCM_SERVICE_ACCOUNT_FILE', file)) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof PushConfigError) throw error;
    throw new PushConfigError('FCM_SERVICE_ACCOUNT_FILE is not a JSON service-account key');
  }
  const { project_id: projectId, client_email: clientEmail, private_key: privateKey, token_uri: tokenUri } = account;
  if (typeof projectId !== 'string' || typeof clientEmail !== 'string' || typeof privateKey !== 'string') {
    throw new PushConfigError('FCM_SERVICE_ACCOUNT_FILE lacks project_id, client_email or private_key');
  }
  return {
    projectId,
    clientEmail,
    privateKey,
    tokenUri: typeof tokenUri === 'string' ? tokenUri : 'https://oauth2.googleapis.com/token',
    apiUrl: (optional(env, 'FCM_API_URL') ?? 'https://fcm.googleapis.com').replace(/\/+$/, ''),
  };
}

function apnsConfig(env: NodeJS.ProcessEnv): PushConfig['apns'] {
  const file = optional(env, 'APNS_KEY_FILE');
  if (!file) return null;
  const keyId = optional(env, 'APNS_KEY_ID');
  const teamId = optional(env, 'APNS_TEAM_ID');
  const topic = optional(env, 'APNS_TOPIC');
  if (!keyId || !teamId || !topic) {
    throw new PushConfigError('APNS_KEY_FILE needs APNS_KEY_ID, APNS_TEAM_ID and APNS_TOPIC (the app bundle id)');
  }
  return {
    keyId,
    teamId,
    topic,
    privateKey: readKeyFile('APNS_KEY_FILE', file),
    url: (optional(env, 'APNS_URL') ?? 'https://api.push.apple.com').replace(/\/+$/, ''),
  };
}

export function loadPushConfig(env: NodeJS.ProcessEnv): PushConfig {
  return {
    webPush: webPushConfig(env),
    webPushAllowHttp: optional(env, 'PUSH_ALLOW_HTTP_ENDPOINTS') === 'true',
    fcm: fcmConfig(env),
    apns: apnsConfig(env),
  };
}
