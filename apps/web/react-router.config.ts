import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  // Public routes render on the server per request; /user and /staff render in the browser (clientLoader).
  ssr: true,
} satisfies Config;
