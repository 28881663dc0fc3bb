export { LongTermStore, LongTermStoreArgs } from "./long-term-store";
