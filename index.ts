// First, so that every module of the program after it is compiled with Node's source maps.
import "./startup/native-source-maps";

// The program itself: settings, namespaces, components, and the stack outputs it exports.
export * from "./program";
