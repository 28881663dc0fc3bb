export { SearchStore, SearchStoreArgs } from "./search-store";
