import { getProfile } from '@platen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { profileKeys } from './profile-query-keys.ts';

const fetchProfile = ({ signal }: { signal?: AbortSignal }) => request(getProfile, { signal });

const profileQuery = () => queryOptions({ queryKey: profileKeys.profile, queryFn: fetchProfile });

export const useProfile = () => useQuery(profileQuery());
