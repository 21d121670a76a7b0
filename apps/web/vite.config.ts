import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig(({ command }) => ({
  plugins: [reactRouter()],
  build: { sourcemap: false },
  // The server's build compiles in the icons and Mantine parts it uses instead of loading whole packages at
  // start (issue 39, docs/benchmarks.md): importing the web's server build cost the server 148 MB of memory
  // with them external (@tabler/icons-react's 5,000 icons alone about 85 MB), 64 MB compiled in. Development
  // keeps them external, so Vite does not transform the packages on every start.
  ssr: command === 'build' ? { noExternal: ['@tabler/icons-react', /^@mantine\//] } : {},
}));
