import * as path from "path";
import { packLibrary } from "../render/library-package";

// `npm run pack:lib [-- <dir>]`: the TeamMonitoring library as a tarball (render/library-package.ts).
const dest = path.resolve(process.argv[2] ?? ".");
process.stdout.write(`${packLibrary(dest)}\n`);
