import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  layout('routes/public/layout.tsx', [
    index('routes/public/home.tsx'),
    route('*', 'routes/public/not-found.tsx'),
  ]),
  ...prefix('user', [layout('routes/user/layout.tsx', [route('dashboard', 'routes/user/dashboard.tsx')])]),
  ...prefix('staff', [layout('routes/staff/layout.tsx', [index('routes/staff/home.tsx')])]),
] satisfies RouteConfig;
