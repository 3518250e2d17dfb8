// `npm run bench [-- --pglite] [-- --quick]`: see bench/README.md. The benchmark itself lives in bench/.
import '../bench/run.mjs';
