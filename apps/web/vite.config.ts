import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig(({ command }) => ({
  plugins: [reactRouter()],
  build: { sourcemap: false },
  // The server's build compiles in the icons and Mantine parts it uses instead of loading whole packages at
  // start: @tabler/icons-react alone (5,000 icons) cost the server about 85 MB of memory, the two together with
  // Mantine 148 MB against 64 compiled in (docs/benchmarks.md, issue 39). Development keeps them external, so
  // Vite does not transform the packages on every start.
  ssr: command === 'build' ? { noExternal: ['@tabler/icons-react', /^@mantine\//] } : {},
}));
