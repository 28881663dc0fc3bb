import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { SearchStoreSettings, STORE_PASSWORD_KEY } from "../../../config/search-store";
import { CURL_CA_PATH } from "../../common/curl-job-pod";
import { CREDENTIALS_KEYS, credentialsSecretName, OPENSEARCH_USER } from "./layout";
import { internalUsersYaml } from "./settings-files";
import { searchStoreLabels } from "../layout";

/**
 * The curl jobs' .curlrc: the user and password, and the CA to verify the store and Dashboards
 * with. curl reads it from $CURL_HOME, so the scripts stay the same for both stores and the
 * password is in no argument or environment variable. The password is letters and digits only
 * (generatedWebPasswordArgs), so it needs no quoting beyond the double quotes.
 */
export function curlrc(password: string): string {
    return `user = "${OPENSEARCH_USER}:${password}"\ncacert = "${CURL_CA_PATH}"\n`;
}

/**
 * The store's credentials: the generated password (read by the log agent, Dashboards and the
 * curl jobs, each mounting or reading only its key), its bcrypt hash in internal_users.yml for the
 * security plugin, and the .curlrc. A Secret, kept secret in Pulumi's state and never rendered.
 */
export function openSearchCredentialsSecret(s: SearchStoreSettings, password: pulumi.Input<string>, bcryptHash: pulumi.Input<string>): k8s.types.input.core.v1.Secret {
    return {
        apiVersion: "v1",
        kind: "Secret",
        type: "Opaque",
        metadata: { name: credentialsSecretName(s), namespace: s.namespace, labels: searchStoreLabels(s) },
        stringData: {
            [STORE_PASSWORD_KEY]: pulumi.secret(password),
            [CREDENTIALS_KEYS.internalUsers]: pulumi.secret(pulumi.output(bcryptHash).apply(internalUsersYaml)),
            [CREDENTIALS_KEYS.curlrc]: pulumi.secret(pulumi.output(password).apply(curlrc)),
        },
    };
}
