// `npm start`: build when dist/ is missing or older than the sources, then run the site server.
import path from 'node:path';
import { buildIfStale } from './build';

buildIfStale();
// The server reads PORT, HOST, DATABASE_PATH and DIST_DIR from the environment. It renders blog pages as they are
// published, so React and Redux Toolkit (loaded from node_modules) run without their development checks.
process.env.NODE_ENV ??= 'production';
void import(path.resolve(__dirname, '..', 'dist-node', 'server.js'));
