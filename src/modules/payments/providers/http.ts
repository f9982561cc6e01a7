import { ProviderError } from './types.js';

const TIMEOUT_MS = 15_000;

/**
 * One HTTP call to a provider's API. Resolves to the parsed JSON body of a 2xx answer;
 * anything else becomes a ProviderError whose message names the provider, the status and
 * the provider's own explanation, never the request (it carries the API key).
 */
export async function providerRequest(
  provider: string,
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'could not be reached';
    throw new ProviderError(`${provider} ${reason}`, true);
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const explanation = explain(body);
    // 5xx, 408 and 429 are worth another try; other 4xx (bad key, refused input) are not.
    const retryable = response.status >= 500 || response.status === 408 || response.status === 429;
    throw new ProviderError(
      `${provider} answered ${response.status}${explanation ? `: ${explanation}` : ''}`.slice(0, 500),
      retryable,
    );
  }
  return body;
}

/** The human part of the error bodies of Stripe, Mollie and SumUp. */
function explain(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const record = body as Record<string, unknown>;
  const nested = record.error && typeof record.error === 'object' ? (record.error as Record<string, unknown>) : {};
  for (const candidate of [nested.message, record.detail, record.message, record.title]) {
    if (typeof candidate === 'string' && candidate) return candidate;
  }
  return '';
}
