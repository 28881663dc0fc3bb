/** Control characters (C0, DEL, C1) and any Unicode white space. */
export const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f\s]/u;

export const NO_CONTROL = "without spaces, tabs, line breaks or other control characters";
