import { api, unwrap, type Schemas } from '../../../api/client';
import { useChange } from '../../../api/mutation';

export type ImportReport = Schemas['ImportReport'];
export type ImportKind = ImportReport['kind'];
export type PresetName = ImportReport['preset'];

export interface ImportRequest {
  kind: ImportKind;
  preset: PresetName;
  file: File;
  dryRun: boolean;
}

/**
 * POST /api/imports/{kind} with the file as multipart form data (the browser writes the
 * boundary): a dry run first, then the same file for real. Keyed as the operation, so the map of
 * invalidations refreshes the lists an import changes.
 */
export function useSendImport() {
  return useChange<ImportReport, ImportRequest>(['post', '/api/imports/{kind}'], {
    mutationFn: ({ kind, preset, file, dryRun }) => {
      const form = new FormData();
      form.append('preset', preset);
      form.append('dry_run', String(dryRun));
      form.append('file', file);
      return unwrap(
        api.POST('/api/imports/{kind}', {
          params: { path: { kind } },
          // The form as it is: openapi-fetch would otherwise write it as JSON.
          body: form as never,
          bodySerializer: (body: unknown) => body as FormData,
        }),
      );
    },
  });
}
