import { createApiClient } from '../../lib/api-client.ts';

/** Staff calls' own client: a refused staff session goes to the staff login, not the portal's home. */
export const staffApi = createApiClient();
