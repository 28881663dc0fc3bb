/**
 * Masks the user-info part of every URL in a text, so a password that a stack file put into a
 * URL never lands in an error message, a CI log or a terminal (issue #33, class 8). Applied
 * centrally, to every ConfigError and every stack-file error, not per field: any key that quotes
 * its value may hold a URL someone pasted with its credentials.
 *
 * - `scheme://user:password@host` and `//user@host`: everything between `//` and the last `@`
 *   before the end of the word is hidden, so a password with an unescaped `@`, `/`, `?` or `#`
 *   (which URL parsers split differently) is hidden whole;
 * - `user:password@host` without a scheme (as a host field gets it): the part before the last `@`
 *   of the word is hidden when it holds a colon.
 * Masking more than the user info (an `@` in a path) costs nothing; showing a password would.
 */
export const MASKED_USER_INFO = "***";

/** Characters that end a word in a message: white space and the quotes and brackets around a value. */
const WORD = `[^\\s"'\`<>()\\[\\]{},]`;
const WITH_SCHEME = new RegExp(`//${WORD}*@`, "g");
const WITHOUT_SCHEME = new RegExp(`(^|[\\s"'\`<>(\\[{,])(${WORD}*:${WORD}*)@(?=${WORD})`, "g");

export function maskUserInfo(text: string): string {
    return text
        .replace(WITH_SCHEME, `//${MASKED_USER_INFO}@`)
        .replace(WITHOUT_SCHEME, (_, before: string, info: string) => (info.startsWith("//") || info.includes("://") ? `${before}${info}@` : `${before}${MASKED_USER_INFO}@`));
}

/** The same for a value echoed in an error: strings masked, lists and maps masked in every string. */
export function maskUserInfoIn(value: unknown): unknown {
    if (typeof value === "string") {
        return maskUserInfo(value);
    }
    if (Array.isArray(value)) {
        return value.map(maskUserInfoIn);
    }
    if (typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [maskUserInfo(k), maskUserInfoIn(v)]));
    }
    return value;
}
