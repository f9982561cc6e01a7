import { useEffect } from 'react';
import { $api } from '../api/client';

/*
 * Puts the salon's look on the page: its brand colour as the accent tokens of ui/tokens.css
 * (custom properties set through the CSSOM, which the pages' CSP allows, unlike a style
 * attribute) and its `dark_mode` as `<html data-theme>`. Both shells read it from the public
 * salon page, so the back office looks like the salon's booking page.
 *
 * Against a flash of the wrong colours without an inline script: the look last seen is kept in
 * localStorage (its colours, nothing personal) and put on before the first render (main.tsx); a
 * first visit shows the default look until the salon page answers, which is before the booking
 * page shows anything but the header (it waits for the same answer). Where storage is blocked
 * (a third-party iframe) the page still works, it just starts from the default.
 */

export interface Look {
  brand_color: string;
  dark_mode: string;
}

/**
 * The look as put on the page: what the salon's colour and dark_mode come to. Worked out by
 * lib/look.ts, a chunk of its own (the contrast arithmetic weighs on no page's first load);
 * stored as it is, so a later visit puts it on before that chunk or the salon page arrive.
 */
interface AppliedLook {
  theme: 'light' | 'dark' | null;
  properties: Record<string, string>;
  bar: string;
}

const STORED = 'salon.look.v2';

function meta(name: string): HTMLMetaElement | null {
  return document.querySelector(`meta[name="${name}"]`);
}

async function workOut(look: Look): Promise<AppliedLook> {
  const { accentTokens, forcedScheme, lookProperties } = await import('../lib/look');
  const theme = forcedScheme(look.dark_mode);
  return {
    theme,
    properties: lookProperties(look.brand_color),
    // The browser's own bar in the salon's colour: the light one unless the salon imposes dark.
    bar: accentTokens(look.brand_color, theme ?? 'light').accent,
  };
}

function applyLook(look: AppliedLook): void {
  const root = document.documentElement;
  if (look.theme) root.dataset.theme = look.theme;
  else delete root.dataset.theme;
  for (const [property, value] of Object.entries(look.properties)) root.style.setProperty(property, value);
  const bar = meta('theme-color');
  if (bar) bar.content = look.bar;
}

/** The look stored by the last visit, put on at once (before React renders). */
export function applyStoredLook(): void {
  try {
    const stored = JSON.parse(window.localStorage.getItem(STORED) ?? 'null') as Partial<AppliedLook> | null;
    if (stored && typeof stored.properties === 'object' && typeof stored.bar === 'string') {
      applyLook({ theme: stored.theme ?? null, properties: stored.properties, bar: stored.bar });
    }
  } catch {
    // Storage blocked or unreadable: the default look until the salon page answers.
  }
}

function storeLook(look: AppliedLook): void {
  try {
    window.localStorage.setItem(STORED, JSON.stringify(look));
  } catch {
    // Storage blocked (a third-party iframe): the next visit starts from the default look.
  }
}

/** Keeps the page in the salon's look (a shell calls it once). */
export function useSalonLook(): void {
  const page = $api.useQuery('get', '/api/public/salon-page');
  const brandColor = page.data?.brand_color;
  const darkMode = page.data?.dark_mode;
  useEffect(() => {
    if (brandColor === undefined || darkMode === undefined) return;
    let current = true;
    void workOut({ brand_color: brandColor, dark_mode: darkMode }).then((look) => {
      if (!current) return;
      applyLook(look);
      storeLook(look);
    });
    return () => {
      current = false;
    };
  }, [brandColor, darkMode]);
}
