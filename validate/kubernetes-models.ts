/**
 * Where kubernetes-models keeps a kind: one module per apiVersion and kind, generated from the
 * Kubernetes OpenAPI schema. kubernetes-models 4.5.1 carries the API up to Kubernetes 1.33 and
 * keeps the beta versions that older releases served. The core group "v1" lives at the package
 * root, every other group under its name.
 */
export const KUBERNETES_MODELS = "kubernetes-models";

export function modelModule(apiVersion: string, kind: string): string {
    return `${KUBERNETES_MODELS}/${apiVersion}/${kind}`;
}

/** The module's model class for the kind, or undefined when the schema has no such apiVersion and kind. */
export function modelClass(apiVersion: string, kind: string): (new (data: unknown) => { validate(): void }) | undefined {
    if (!/^[a-z0-9.]+\/?[a-z0-9]*$/.test(apiVersion) || !/^[A-Z][A-Za-z0-9]*$/.test(kind)) {
        return undefined;
    }
    try {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        return require(modelModule(apiVersion, kind))[kind];
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
