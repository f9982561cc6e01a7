import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { LiveRegions } from '../../ui/Outcome';
import { Loading } from '../../ui/PageStates';
import type { SalonPage } from './LinkPage';
import { problemOf, ProblemOutcome, type Problem } from './problems';

interface Read<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * A link page's first read (what its token acts on): loading while it comes, the problem in
 * plain words when it fails (another try offered when one may help), else the page itself.
 */
export function LinkRead<T>({
  read,
  salon,
  overrides,
  children,
}: {
  read: Read<T>;
  salon: SalonPage;
  overrides?: Partial<Record<string, Problem>>;
  children: (data: T) => ReactNode;
}) {
  const t = useT();
  if (read.isPending) {
    return (
      <>
        <Loading />
        <LiveRegions />
      </>
    );
  }
  if (read.isError || read.data === undefined) {
    const problem = problemOf(read.error, overrides);
    return (
      <>
        <LiveRegions problem={<ProblemOutcome problem={problem} salon={salon} />} />
        {problem.retry && (
          <Button variant="secondary" onPress={() => void read.refetch()}>
            {t('app.error.retry')}
          </Button>
        )}
      </>
    );
  }
  return <>{children(read.data)}</>;
}
