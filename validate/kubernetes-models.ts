import * as fs from "fs";
import * as path from "path";

/**
 * Where kubernetes-models keeps a kind: one module per apiVersion and kind, generated from the
 * Kubernetes OpenAPI schema. kubernetes-models 4.5.1 carries the API up to Kubernetes 1.33 and
 * keeps the beta versions that older releases served. The core group "v1" lives at the package
 * root, every other group under its name.
 */
export const KUBERNETES_MODELS = "kubernetes-models";

/**
 * The Gateway API's kinds (HTTPRoute, config/gateway-route.ts) are CRDs, not in the Kubernetes
 * OpenAPI schema: @kubernetes-models/gateway-api 2.0.0 (a devDependency, pinned exactly) holds
 * them, generated from the Go types of sigs.k8s.io/gateway-api v1.5.1 (its CHANGELOG's 2.0.0
 * entry, and go.mod of third-party/gateway-api at the 2.0.0 release commit de73274).
 */
export const GATEWAY_API_MODELS = "@kubernetes-models/gateway-api";
const GATEWAY_API_GROUP = /^gateway\.networking\.k8s\.io\//;

export function modelModule(apiVersion: string, kind: string): string {
    return GATEWAY_API_GROUP.test(apiVersion) ? `${GATEWAY_API_MODELS}/${apiVersion}/${kind}` : `${KUBERNETES_MODELS}/${apiVersion}/${kind}`;
}

/**
 * The package is ESM only and exports its modules to `import` alone, so require() cannot name them
 * through the package: its directory is found on the resolution paths and the file required by its
 * path (Node 22+ requires an ES module synchronously).
 */
function gatewayApiFile(apiVersion: string, kind: string): string | undefined {
    for (const dir of require.resolve.paths(GATEWAY_API_MODELS) ?? []) {
        const file = path.join(dir, GATEWAY_API_MODELS, apiVersion, `${kind}.js`);
        if (fs.existsSync(file)) {
            return file;
        }
    }
    return undefined;
}

/** The module's model class for the kind, or undefined when the schema has no such apiVersion and kind. */
export function modelClass(apiVersion: string, kind: string): (new (data: unknown) => { validate(): void }) | undefined {
    if (!/^[a-z0-9.]+\/?[a-z0-9]*$/.test(apiVersion) || !/^[A-Z][A-Za-z0-9]*$/.test(kind)) {
        return undefined;
    }
    try {
        const file = GATEWAY_API_GROUP.test(apiVersion) ? gatewayApiFile(apiVersion, kind) : modelModule(apiVersion, kind);
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        return file === undefined ? undefined : require(file)[kind];
    } catch {
        return undefined;
    }
}

/**
 * Only GA versions (v1, v2...) are served by every Kubernetes release we target (1.22 and later):
 * the beta versions in kubernetes-models were removed between 1.16 and 1.32 (extensions/v1beta1
 * and networking.k8s.io/v1beta1 Ingress in 1.22), and newer betas are off by default.
 */
export function isGeneralAvailability(apiVersion: string): boolean {
    return /^([a-z0-9.]+\/)?v[0-9]+$/.test(apiVersion);
}
