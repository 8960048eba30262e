/** The dispute form's fetcher key: the booking page reads the same fetcher to announce the outcome. */
export const disputeFetcherKey = (slug: string) => `dispute-${slug}`;
