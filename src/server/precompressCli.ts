// dist-node/precompress.js, run by `npm run build` after the prerender: the compressed copies of dist/.
import path from 'node:path';
import { precompressTree } from './precompress';

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KB`;

precompressTree(path.resolve(process.argv[2] ?? 'dist')).then(
  (summary) => {
    console.log(
      `Compressed ${summary.files} files once (${kb(summary.bytes)}): brotli ${kb(summary.brotliBytes)}, gzip ${kb(summary.gzipBytes)}`,
    );
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
