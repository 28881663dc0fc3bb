// First of all, so that every module after it is compiled from the disk cache when unchanged (startup/compile-cache.ts).
import "./startup/compile-cache";
// Then the stack formatter, which maps the program's frames to TypeScript lines (startup/native-source-maps.ts).
import "./startup/native-source-maps";

// The program itself: settings, namespaces, components, and the stack outputs it exports.
export * from "./program";
