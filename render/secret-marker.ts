/**
 * What the offline render prints instead of a secret. It stands both for values the program
 * marks secret and for `secure:` values of a stack file, which the render cannot decrypt
 * without the stack's passphrase and must not show if it could.
 */
export const SECRET_MARKER = "[secret]";
