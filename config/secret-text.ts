import { plainText } from "./fields";
import { Problems, SECRET_VALUE } from "./problems";
import { ConfigSource, fullKey } from "./source";

/**
 * A one-line secret (a password, token, routing key or webhook URL) must be one line: it ends up
 * in a config file or a header, where a line break cuts it or starts something else. The usual
 * slip is `pulumi config set --secret key < file` with a file that ends in a line break, which
 * then becomes part of the password. The value is never shown, only where the character sits.
 * Certificates and keys (PEM) are several lines by nature and are not checked here.
 */
export function checkOneLineSecret(source: ConfigSource, problems: Problems, key: string): void {
    const raw = source.value(key);
    if (raw === undefined) {
        return;
    }
    const complaint = plainText(typeof raw === "string" ? raw : JSON.stringify(raw));
    if (complaint !== undefined) {
        problems.add(
            fullKey(key),
            SECRET_VALUE,
            `a secret of one line, as ${complaint}; a file read with \`< file\` often ends in a line break (printf '%s' "$value" | pulumi config set --secret ${fullKey(key)})`,
        );
    }
}
