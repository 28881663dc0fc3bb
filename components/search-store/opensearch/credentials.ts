import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { SearchStoreSettings, STORE_AGENT_PASSWORD_KEY, STORE_EXPORTER_PASSWORD_KEY, STORE_PASSWORD_KEY } from "../../../config/search-store";
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

/** A generated password and its bcrypt hash (random.RandomPassword's result and bcryptHash). */
export interface GeneratedPassword {
    password: pulumi.Input<string>;
    bcryptHash: pulumi.Input<string>;
}

/**
 * The store's credentials: the generated passwords of admin (Dashboards, and the curl jobs through
 * the .curlrc), of the agent's user (the log agent) and of the exporter's user, each reader
 * mounting or reading only its key, and their bcrypt hashes in internal_users.yml for the
 * security plugin. A Secret, kept secret in Pulumi's state and never rendered.
 */
export function openSearchCredentialsSecret(s: SearchStoreSettings, admin: GeneratedPassword, agent: GeneratedPassword, exporter: GeneratedPassword): k8s.types.input.core.v1.Secret {
    return {
        apiVersion: "v1",
        kind: "Secret",
        type: "Opaque",
        metadata: { name: credentialsSecretName(s), namespace: s.namespace, labels: searchStoreLabels(s) },
        stringData: {
            [STORE_PASSWORD_KEY]: pulumi.secret(admin.password),
            [STORE_AGENT_PASSWORD_KEY]: pulumi.secret(agent.password),
            [STORE_EXPORTER_PASSWORD_KEY]: pulumi.secret(exporter.password),
            [CREDENTIALS_KEYS.internalUsers]: pulumi.secret(
                pulumi.all([admin.bcryptHash, agent.bcryptHash, exporter.bcryptHash]).apply(([a, b, e]) => internalUsersYaml({ admin: a, agent: b, exporter: e })),
            ),
            [CREDENTIALS_KEYS.curlrc]: pulumi.secret(pulumi.output(admin.password).apply(curlrc)),
        },
    };
}
