// The one RTK Query API slice for the content service. Features add endpoints with
// `injectEndpoints`; each endpoint's queryFn calls the ContentSource.
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';

export const contentApi = createApi({
  reducerPath: 'contentApi',
  baseQuery: fakeBaseQuery<{ message: string }>(),
  tagTypes: ['Post', 'Category', 'Tag'],
  keepUnusedDataFor: 1800,
  refetchOnMountOrArgChange: 300,
  refetchOnFocus: false,
  endpoints: () => ({}),
});
