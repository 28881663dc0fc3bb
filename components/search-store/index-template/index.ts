export { IndexTemplate, IndexTemplateArgs } from "./index-template";
