import { api } from '@tradelist/contract/api';
import { buildEndpointPath } from '@tradelist/contract/endpoint';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** GET /api/user-guide-resources/: the guide's PDFs (product §3.9). */
export const userGuideResourcesQueryOptions = queryOptions({
  queryKey: ['user-guide-resources'],
  queryFn: ({ signal }) => callApi(api.userGuide.resources, {}, { signal }),
  staleTime: 10 * 60_000,
  meta: { errorMessage: 'The user guide could not be loaded. Please try again.' },
});

/** GET /api/user-guide-videos/: the guide's videos with the addresses of their files. */
export const userGuideVideosQueryOptions = queryOptions({
  queryKey: ['user-guide-videos'],
  queryFn: ({ signal }) => callApi(api.userGuide.videos, {}, { signal }),
  staleTime: 10 * 60_000,
});

/** The normal download of one PDF (the browser saves it under its name). */
export function resourceDownloadUrl(id: number): string {
  return buildEndpointPath(api.userGuide.resourceFile.path, { id });
}
