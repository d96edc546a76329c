import { getPicture } from '@platen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { profileKeys } from './profile-query-keys.ts';

const fetchPicture = ({ signal }: { signal?: AbortSignal }) => request(getPicture, { signal });

const pictureQuery = () => queryOptions({ queryKey: profileKeys.picture, queryFn: fetchPicture });

/** The header's picture and name (product.md#the-api GET /v1/user/picture). */
export const usePicture = () => useQuery(pictureQuery());
