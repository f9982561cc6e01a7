import type { ReactNode } from 'react';
import { useSearch } from 'wouter';
import { $api, type Schemas } from '../../api/client';
import { Loading, LoadError, useTitle } from '../../ui/PageStates';
import './links.css';

export type SalonPage = Schemas['PublicSalonPage'];

/** A parameter of the page's address (`?token=…`), or null when absent or blank. */
export function useQueryParam(name: string): string | null {
  const value = new URLSearchParams(useSearch()).get(name);
  return value === null || value.trim() === '' ? null : value;
}

/**
 * The frame of a page an email links to: once the salon is known (its name heads the page; its
 * time zone and formats say when), the page's heading and title. The title never holds the
 * link's token: titles end up in the browser's history.
 */
export function LinkPage({
  title,
  children,
}: {
  title: (salonName: string) => string;
  children: (salon: SalonPage) => ReactNode;
}) {
  const salon = $api.useQuery('get', '/api/public/salon-page');
  if (salon.isError) return <LoadError retry={() => void salon.refetch()} />;
  if (!salon.data) return <Loading />;
  return <Titled title={title(salon.data.salon_name)}>{children(salon.data)}</Titled>;
}

function Titled({ title, children }: { title: string; children: ReactNode }) {
  useTitle(title);
  return (
    <>
      <h1>{title}</h1>
      {children}
    </>
  );
}
