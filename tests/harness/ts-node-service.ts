import type { CreateOptions, Service } from "ts-node";
import { useMappedStackTraces } from "../../startup/native-source-maps";

/**
 * ts-node's create(), without its side effect on this process. create() installs ts-node's
 * @cspotcode/source-map-support (ts-node/dist/index.js), which takes Error.prepareStackTrace from
 * the program's formatter (startup/native-source-maps.ts) for every later test of the mocha worker,
 * whose stacks would then name JavaScript lines, and tests/mapped-stack-trace.test.ts would fail
 * after this file in the same worker. The formatter is put back once the service exists.
 */
export function tsNodeService(options: CreateOptions): Service {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const service = (require("ts-node") as typeof import("ts-node")).create(options);
    useMappedStackTraces();
    return service;
}
